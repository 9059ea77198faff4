package dev.tessera.game.builders;

import java.util.ArrayList;
import java.util.List;

/** A building under construction in a player's area and the workers and machines sent to it so far. */
public record Site(Building building, List<Worker> workers, List<Building> machines) {

    public Site {
        workers = List.copyOf(workers);
        // A snapshot stored before machines has no "machines": none were ever sent.
        machines = machines == null ? List.of() : List.copyOf(machines);
    }

    public static Site opened(Building building) {
        return new Site(building, List.of(), List.of());
    }

    public Resources supplied() {
        Resources sum = Resources.NONE;
        for (Worker worker : workers) {
            sum = sum.plus(worker.supplies());
        }
        for (Building machine : machines) {
            sum = sum.plus(machine.supplies());
        }
        return sum;
    }

    public boolean complete() {
        return supplied().covers(building.requires());
    }

    public Site with(Worker worker) {
        List<Worker> more = new ArrayList<>(workers);
        more.add(worker);
        return new Site(building, more, machines);
    }

    public Site with(Building machine) {
        List<Building> more = new ArrayList<>(machines);
        more.add(machine);
        return new Site(building, workers, more);
    }
}
