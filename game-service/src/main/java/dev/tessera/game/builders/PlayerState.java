package dev.tessera.game.builders;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One player's area: coins, free workers, completed machines free to work, buildings under construction (with
 * their workers and machines) and completed buildings (machines included: they score like buildings).
 */
public record PlayerState(
        String name,
        int coins,
        List<Worker> freeWorkers,
        List<Building> freeMachines,
        List<Site> sites,
        List<Building> completed) {

    public PlayerState {
        freeWorkers = List.copyOf(freeWorkers);
        // A snapshot stored before machines has no "freeMachines": nobody had any.
        freeMachines = freeMachines == null ? List.of() : List.copyOf(freeMachines);
        sites = List.copyOf(sites);
        completed = List.copyOf(completed);
    }

    /** VP of every completed building card, machines included. */
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

    public Optional<Building> freeMachine(int id) {
        return freeMachines.stream().filter(m -> m.id() == id).findFirst();
    }

    public Optional<Site> site(int buildingId) {
        return sites.stream().filter(s -> s.building().id() == buildingId).findFirst();
    }

    public boolean hasBusyWorker(int id) {
        return sites.stream().anyMatch(s -> s.workers().stream().anyMatch(w -> w.id() == id));
    }

    public boolean hasBusyMachine(int id) {
        return sites.stream().anyMatch(s -> s.machines().stream().anyMatch(m -> m.id() == id));
    }

    public boolean hasCompleted(int buildingId) {
        return completed.stream().anyMatch(b -> b.id() == buildingId);
    }

    PlayerState withCoins(int newCoins) {
        return new PlayerState(name, newCoins, freeWorkers, freeMachines, sites, completed);
    }

    PlayerState opening(Building building) {
        List<Site> more = new ArrayList<>(sites);
        more.add(Site.opened(building));
        return new PlayerState(name, coins, freeWorkers, freeMachines, more, completed);
    }

    PlayerState recruiting(Worker worker) {
        List<Worker> more = new ArrayList<>(freeWorkers);
        more.add(worker);
        return new PlayerState(name, coins, more, freeMachines, sites, completed);
    }

    PlayerState sending(Worker worker, int buildingId, int wage) {
        List<Worker> free = new ArrayList<>(freeWorkers);
        free.remove(worker);
        List<Site> changed = new ArrayList<>(sites);
        changed.replaceAll(s -> s.building().id() == buildingId ? s.with(worker) : s);
        return new PlayerState(name, coins - wage, free, freeMachines, changed, completed);
    }

    /** A machine goes to work like a worker, but without wage. */
    PlayerState sending(Building machine, int buildingId) {
        List<Building> free = new ArrayList<>(freeMachines);
        free.remove(machine);
        List<Site> changed = new ArrayList<>(sites);
        changed.replaceAll(s -> s.building().id() == buildingId ? s.with(machine) : s);
        return new PlayerState(name, coins, freeWorkers, free, changed, completed);
    }

    /**
     * Flips the finished building and takes its workers and machines back, each in the order sent; a finished
     * machine joins the free machines after them.
     */
    PlayerState completing(int buildingId, int coinsEarned) {
        Site site = site(buildingId).orElseThrow();
        List<Worker> free = new ArrayList<>(freeWorkers);
        free.addAll(site.workers());
        List<Building> machines = new ArrayList<>(freeMachines);
        machines.addAll(site.machines());
        if (site.building().machine()) {
            machines.add(site.building());
        }
        List<Site> open = new ArrayList<>(sites);
        open.remove(site);
        List<Building> done = new ArrayList<>(completed);
        done.add(site.building());
        return new PlayerState(name, coins + coinsEarned, free, machines, open, done);
    }
}
