package dev.tessera.game.builders;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One player's area: coins, free workers, buildings under construction (with their workers) and
 * completed buildings.
 */
public record PlayerState(String name, int coins, List<Worker> freeWorkers, List<Site> sites,
        List<Building> completed) {

    public PlayerState {
        freeWorkers = List.copyOf(freeWorkers);
        sites = List.copyOf(sites);
        completed = List.copyOf(completed);
    }

    public int buildingVictoryPoints() {
        int sum = 0;
        for (Building building : completed) {
            sum += building.victoryPoints();
        }
        return sum;
    }

    public Optional<Worker> freeWorker(int id) {
        return freeWorkers.stream().filter(w -> w.id() == id).findFirst();
    }

    public Optional<Site> site(int buildingId) {
        return sites.stream().filter(s -> s.building().id() == buildingId).findFirst();
    }

    public boolean hasBusyWorker(int id) {
        return sites.stream().anyMatch(s -> s.workers().stream().anyMatch(w -> w.id() == id));
    }

    public boolean hasCompleted(int buildingId) {
        return completed.stream().anyMatch(b -> b.id() == buildingId);
    }

    PlayerState withCoins(int newCoins) {
        return new PlayerState(name, newCoins, freeWorkers, sites, completed);
    }

    PlayerState opening(Building building) {
        List<Site> more = new ArrayList<>(sites);
        more.add(Site.opened(building));
        return new PlayerState(name, coins, freeWorkers, more, completed);
    }

    PlayerState recruiting(Worker worker) {
        List<Worker> more = new ArrayList<>(freeWorkers);
        more.add(worker);
        return new PlayerState(name, coins, more, sites, completed);
    }

    PlayerState sending(Worker worker, int buildingId, int wage) {
        List<Worker> free = new ArrayList<>(freeWorkers);
        free.remove(worker);
        List<Site> changed = new ArrayList<>(sites);
        changed.replaceAll(s -> s.building().id() == buildingId ? s.with(worker) : s);
        return new PlayerState(name, coins - wage, free, changed, completed);
    }

    /** Flips the finished building and takes its workers back; the site's workers rejoin in the order sent. */
    PlayerState completing(int buildingId, int coinsEarned) {
        Site site = site(buildingId).orElseThrow();
        List<Worker> free = new ArrayList<>(freeWorkers);
        free.addAll(site.workers());
        List<Site> open = new ArrayList<>(sites);
        open.remove(site);
        List<Building> done = new ArrayList<>(completed);
        done.add(site.building());
        return new PlayerState(name, coins + coinsEarned, free, open, done);
    }
}
