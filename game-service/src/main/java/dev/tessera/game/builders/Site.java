package dev.tessera.game.builders;

import java.util.ArrayList;
import java.util.List;

/** A building under construction in a player's area and the workers sent to it so far. */
public record Site(Building building, List<Worker> workers) {

    public Site {
        workers = List.copyOf(workers);
    }

    public static Site opened(Building building) {
        return new Site(building, List.of());
    }

    public Resources supplied() {
        Resources sum = Resources.NONE;
        for (Worker worker : workers) {
            sum = sum.plus(worker.supplies());
        }
        return sum;
    }

    public boolean complete() {
        return supplied().covers(building.requires());
    }

    public Site with(Worker worker) {
        List<Worker> more = new ArrayList<>(workers);
        more.add(worker);
        return new Site(building, more);
    }
}
