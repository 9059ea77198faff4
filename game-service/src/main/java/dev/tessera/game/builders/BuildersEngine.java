package dev.tessera.game.builders;

import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.BuildersEvent.ActionPointBought;
import dev.tessera.events.builders.BuildersEvent.BuildingCompleted;
import dev.tessera.events.builders.BuildersEvent.CoinsTaken;
import dev.tessera.events.builders.BuildersEvent.ConstructionStarted;
import dev.tessera.events.builders.BuildersEvent.GameEndTriggered;
import dev.tessera.events.builders.BuildersEvent.GameFinished;
import dev.tessera.events.builders.BuildersEvent.MachineSent;
import dev.tessera.events.builders.BuildersEvent.TurnEnded;
import dev.tessera.events.builders.BuildersEvent.WorkerRecruited;
import dev.tessera.events.builders.BuildersEvent.WorkerSent;
import dev.tessera.events.builders.BuildingInfo;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.events.builders.WorkerInfo;
import dev.tessera.game.builders.BuildersMove.BuyActionPoint;
import dev.tessera.game.builders.BuildersMove.EndTurn;
import dev.tessera.game.builders.BuildersMove.RecruitWorker;
import dev.tessera.game.builders.BuildersMove.SendMachine;
import dev.tessera.game.builders.BuildersMove.SendWorker;
import dev.tessera.game.builders.BuildersMove.StartConstruction;
import dev.tessera.game.builders.BuildersMove.TakeCoins;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.game.rules.Shuffle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The Builders: Middle Ages as Board Game Arena plays it (game-service/docs/builders.md), machines included (their
 * card data is assumed: {@link BuildersData#MACHINES}). Final scores (1 VP per 10 coins, ties) are
 * scoring-service's job: {@link GameFinished} carries the tallies.
 */
public final class BuildersEngine implements RulesEngine<BuildersState, BuildersMove, BuildersEvent> {

    public static final int STARTING_COINS = 10;
    public static final int DISPLAY_SIZE = 5;
    public static final int ACTION_POINTS_PER_TURN = 3;
    public static final int ACTION_POINT_PRICE = 5;
    public static final int TARGET_VICTORY_POINTS = 17;
    /** Coins taken for 1, 2 or 3 action points (index = action points). */
    private static final int[] COINS_FOR_ACTION_POINTS = {0, 1, 3, 6};

    @Override
    public String game() {
        return "builders";
    }

    @Override
    public Class<BuildersState> stateType() {
        return BuildersState.class;
    }

    @Override
    public Class<BuildersMove> moveType() {
        return BuildersMove.class;
    }

    @Override
    public Class<BuildersEvent> eventType() {
        return BuildersEvent.class;
    }

    public static int coinsFor(int actionPoints) {
        return COINS_FOR_ACTION_POINTS[actionPoints];
    }

    /** A new game records the edition of the cards it is dealt from, so that it replays from the same deck. */
    @Override
    public Map<String, String> optionsForNewGame(Map<String, String> tableOptions) {
        Map<String, String> options = new HashMap<>(tableOptions);
        options.put(BuildersEdition.OPTION, BuildersEdition.CURRENT.value());
        return Map.copyOf(options);
    }

    /** Deals from the edition the options name: a game recorded before editions has no machines. */
    @Override
    public BuildersState start(GameSetup setup) {
        int count = setup.players().size();
        if (count < minPlayers() || count > maxPlayers()) {
            throw new IllegalArgumentException("The Builders needs 2 to 4 players, got " + count);
        }
        Random random = new Random(setup.seed());
        List<Building> buildings = Shuffle.shuffled(BuildersEdition.of(setup.options()).buildingCards(), random);
        // ASSUMPTION: starting apprentices are dealt at random from the apprentice cards; the undealt ones
        // are shuffled into the worker deck with every other worker (builders.md section 9, gap 2).
        List<Worker> apprentices = Shuffle.shuffled(
                BuildersData.WORKERS.stream().filter(w -> w.type() == WorkerType.APPRENTICE).toList(), random);
        List<Worker> rest = new ArrayList<>(apprentices.subList(count, apprentices.size()));
        BuildersData.WORKERS.stream().filter(w -> w.type() != WorkerType.APPRENTICE).forEach(rest::add);
        List<Worker> workers = Shuffle.shuffled(rest, random);

        List<PlayerState> players = new ArrayList<>();
        for (int seat = 0; seat < count; seat++) {
            players.add(new PlayerState(setup.players().get(seat), STARTING_COINS, List.of(apprentices.get(seat)),
                    List.of(), List.of(), List.of()));
        }
        return new BuildersState(buildings.subList(DISPLAY_SIZE, buildings.size()), buildings.subList(0, DISPLAY_SIZE),
                workers.subList(DISPLAY_SIZE, workers.size()), workers.subList(0, DISPLAY_SIZE), players, 0, 1,
                ACTION_POINTS_PER_TURN, Map.of(), null, false, Bank.NO_FLOWS.pay(STARTING_COINS * count));
    }

    @Override
    public boolean plays(BuildersState state, String player) {
        return state.seatOf(player) >= 0;
    }

    @Override
    public boolean mayMove(BuildersState state, String player) {
        return state.currentPlayer().name().equals(player);
    }

    @Override
    public String notYourTurn(BuildersState state, String player) {
        return "It is " + state.currentPlayer().name() + "'s turn.";
    }

    @Override
    public Decision<BuildersEvent> decideMove(BuildersState state, String player, BuildersMove move) {
        if (move instanceof StartConstruction start) {
            return startConstruction(state, start);
        }
        if (move instanceof RecruitWorker recruit) {
            return recruitWorker(state, recruit);
        }
        if (move instanceof SendWorker send) {
            return sendWorker(state, send);
        }
        if (move instanceof SendMachine send) {
            return sendMachine(state, send);
        }
        if (move instanceof TakeCoins take) {
            return takeCoins(state, take);
        }
        if (move instanceof BuyActionPoint) {
            return buyActionPoint(state);
        }
        if (move instanceof EndTurn) {
            return endTurn(state);
        }
        throw new IllegalArgumentException("Unknown move " + move);
    }

    private Decision<BuildersEvent> startConstruction(BuildersState state, StartConstruction move) {
        Optional<Building> building = state.buildingDisplay().stream().filter(b -> b.id() == move.building()).findFirst();
        if (building.isEmpty()) {
            return Decision.reject("no-such-card", "Building " + move.building() + " is not face up in the display.");
        }
        if (state.actionPoints() < 1) {
            return notEnoughActionPoints(state, 1);
        }
        BuildingInfo replacement = top(state.buildingDeck(), 0).map(Building::info).orElse(null);
        BuildingInfo uncovered = top(state.buildingDeck(), 1).map(Building::info).orElse(null);
        return Decision.accept(new ConstructionStarted(state.currentPlayer().name(), building.get().info(), 1,
                state.actionPoints() - 1, replacement, uncovered));
    }

    private Decision<BuildersEvent> recruitWorker(BuildersState state, RecruitWorker move) {
        Optional<Worker> worker = state.workerDisplay().stream().filter(w -> w.id() == move.worker()).findFirst();
        if (worker.isEmpty()) {
            return Decision.reject("no-such-card", "Worker " + move.worker() + " is not face up in the display.");
        }
        if (state.actionPoints() < 1) {
            return notEnoughActionPoints(state, 1);
        }
        WorkerInfo replacement = top(state.workerDeck(), 0).map(Worker::info).orElse(null);
        WorkerInfo uncovered = top(state.workerDeck(), 1).map(Worker::info).orElse(null);
        return Decision.accept(new WorkerRecruited(state.currentPlayer().name(), worker.get().info(), 1,
                state.actionPoints() - 1, replacement, uncovered));
    }

    private static <T> Optional<T> top(List<T> deck, int depth) {
        return deck.size() > depth ? Optional.of(deck.get(depth)) : Optional.empty();
    }

    private Decision<BuildersEvent> sendWorker(BuildersState state, SendWorker move) {
        PlayerState player = state.currentPlayer();
        Optional<Worker> worker = player.freeWorker(move.worker());
        if (worker.isEmpty()) {
            return player.hasBusyWorker(move.worker())
                    ? Decision.reject("worker-busy", "Worker " + move.worker()
                            + " stays on its construction site until that building is finished.")
                    : Decision.reject("no-such-card", "Worker " + move.worker() + " is not one of your workers.");
        }
        Optional<Site> site = player.site(move.building());
        if (site.isEmpty()) {
            return notASite(player, move.building());
        }
        int cost = state.sendCost(move.building());
        if (state.actionPoints() < cost) {
            return notEnoughActionPoints(state, cost);
        }
        int wage = worker.get().wage();
        if (player.coins() < wage) {
            return Decision.reject("cannot-afford-wage",
                    "This worker's wage is " + wage + " coins and you have " + player.coins() + ".");
        }
        Site after = site.get().with(worker.get());
        WorkerSent sent = new WorkerSent(player.name(), worker.get().info(), after.building().info(), wage, cost,
                state.actionPoints() - cost, player.coins() - wage);
        return after.complete() ? Decision.accept(sent, completed(player, after, player.coins() - wage))
                : Decision.accept(sent);
    }

    /** A completed machine works like a worker: the same AP, the same escalation on one building, but no wage. */
    private Decision<BuildersEvent> sendMachine(BuildersState state, SendMachine move) {
        PlayerState player = state.currentPlayer();
        Optional<Building> machine = player.freeMachine(move.machine());
        if (machine.isEmpty()) {
            if (player.hasBusyMachine(move.machine())) {
                return Decision.reject("machine-busy", "Machine " + move.machine()
                        + " stays on its construction site until that building is finished.");
            }
            if (state.unfinishedMachine(move.machine())) {
                return Decision.reject("machine-not-complete", "Machine " + move.machine()
                        + " is not built yet: a machine works only once it is completed.");
            }
            return Decision.reject("no-such-card", "Card " + move.machine() + " is not one of your machines.");
        }
        Optional<Site> site = player.site(move.building());
        if (site.isEmpty()) {
            return notASite(player, move.building());
        }
        int cost = state.sendCost(move.building());
        if (state.actionPoints() < cost) {
            return notEnoughActionPoints(state, cost);
        }
        Site after = site.get().with(machine.get());
        MachineSent sent = new MachineSent(player.name(), machine.get().info(), after.building().info(), cost,
                state.actionPoints() - cost);
        return after.complete() ? Decision.accept(sent, completed(player, after, player.coins()))
                : Decision.accept(sent);
    }

    private static Decision<BuildersEvent> notASite(PlayerState player, int building) {
        return player.hasCompleted(building)
                ? Decision.reject("building-complete", "Building " + building + " is already finished.")
                : Decision.reject("no-such-card", "Building " + building + " is not one of your construction sites.");
    }

    /** The site {@code after} is complete: its coins (none for a machine) and VP; its workers and machines return. */
    private static BuildingCompleted completed(PlayerState player, Site after, int coinsBefore) {
        Building building = after.building();
        return new BuildingCompleted(player.name(), building.info(), building.victoryPoints(), building.coins(),
                after.workers().stream().map(Worker::id).toList(), after.machines().stream().map(Building::id).toList(),
                player.buildingVictoryPoints() + building.victoryPoints(), coinsBefore + building.coins());
    }

    private Decision<BuildersEvent> takeCoins(BuildersState state, TakeCoins move) {
        int points = move.actionPoints();
        if (points < 1 || points >= COINS_FOR_ACTION_POINTS.length) {
            // ASSUMPTION: no source describes taking coins with 4 or more AP at once (builders.md section 9, gap 3).
            return Decision.reject("invalid-action-points", "Taking coins uses 1, 2 or 3 action points.");
        }
        if (state.actionPoints() < points) {
            return notEnoughActionPoints(state, points);
        }
        PlayerState player = state.currentPlayer();
        int coins = coinsFor(points);
        return Decision.accept(new CoinsTaken(player.name(), points, coins, state.actionPoints() - points,
                player.coins() + coins));
    }

    private Decision<BuildersEvent> buyActionPoint(BuildersState state) {
        PlayerState player = state.currentPlayer();
        if (player.coins() < ACTION_POINT_PRICE) {
            return Decision.reject("cannot-afford-action", "An extra action point costs " + ACTION_POINT_PRICE
                    + " coins and you have " + player.coins() + ".");
        }
        return Decision.accept(new ActionPointBought(player.name(), ACTION_POINT_PRICE, state.actionPoints() + 1,
                player.coins() - ACTION_POINT_PRICE));
    }

    private Decision<BuildersEvent> endTurn(BuildersState state) {
        PlayerState player = state.currentPlayer();
        int vp = player.buildingVictoryPoints();
        List<BuildersEvent> events = new ArrayList<>();
        String triggeredBy = state.endTriggeredBy();
        if (triggeredBy == null && vp >= TARGET_VICTORY_POINTS) {
            triggeredBy = player.name();
            events.add(new GameEndTriggered(player.name(), state.round(), vp, TARGET_VICTORY_POINTS,
                    GameEndTriggered.TARGET_REACHED));
        } else if (triggeredBy == null && !anyBuildingCanStillBeCompleted(state)) {
            // ASSUMPTION: a Tessera rule, in no source: a game where no building can ever be completed again
            // would never end, so it ends like a reached target, after the round.
            triggeredBy = player.name();
            events.add(new GameEndTriggered(player.name(), state.round(), vp, TARGET_VICTORY_POINTS,
                    GameEndTriggered.STALEMATE));
        }
        boolean lastSeat = state.current() == state.players().size() - 1;
        boolean gameEnds = triggeredBy != null && lastSeat;
        String next = gameEnds ? null : state.players().get((state.current() + 1) % state.players().size()).name();
        events.add(new TurnEnded(player.name(), state.round(), state.actionPoints(), vp, player.coins(), next));
        if (gameEnds) {
            List<PlayerTally> tallies = state.players().stream().map(p -> new PlayerTally(p.name(),
                    p.buildingVictoryPoints(), p.coins(), p.completed().size())).toList();
            events.add(new GameFinished(player.name(), triggeredBy, state.round(), tallies));
        }
        return Decision.accept(events);
    }

    /**
     * False when no building can ever be completed again, so nobody's VP can change. Workers and machines only come
     * free when a building is completed, so the first completion must use a site's workers and machines plus the
     * owner's free workers and machines plus workers still to recruit (display and deck). Coins and action points
     * can always be earned.
     */
    static boolean anyBuildingCanStillBeCompleted(BuildersState state) {
        Resources recruitable = Resources.NONE;
        for (Worker worker : state.workerDisplay()) {
            recruitable = recruitable.plus(worker.supplies());
        }
        for (Worker worker : state.workerDeck()) {
            recruitable = recruitable.plus(worker.supplies());
        }
        for (PlayerState player : state.players()) {
            Resources pool = recruitable;
            for (Worker worker : player.freeWorkers()) {
                pool = pool.plus(worker.supplies());
            }
            for (Building machine : player.freeMachines()) {
                pool = pool.plus(machine.supplies());
            }
            for (Site site : player.sites()) {
                if (pool.plus(site.supplied()).covers(site.building().requires())) {
                    return true;
                }
            }
            if (coversAny(pool, state.buildingDisplay()) || coversAny(pool, state.buildingDeck())) {
                return true;
            }
        }
        return false;
    }

    private static boolean coversAny(Resources pool, List<Building> buildings) {
        for (Building building : buildings) {
            if (pool.covers(building.requires())) {
                return true;
            }
        }
        return false;
    }

    private static Decision<BuildersEvent> notEnoughActionPoints(BuildersState state, int needed) {
        return Decision.reject("not-enough-action-points", "This action needs " + needed + " action points and you have "
                + state.actionPoints() + "; buy more for " + ACTION_POINT_PRICE + " coins each.");
    }

    @Override
    public BuildersState evolve(BuildersState state, BuildersEvent event) {
        PlayerState player = state.currentPlayer();
        // Cards are taken from where the state holds them, never from the catalogue: a game plays with the cards of
        // its edition however the catalogue changes later.
        if (event instanceof ConstructionStarted e) {
            Building building = state.buildingDisplay().stream().filter(b -> b.id() == e.building().id())
                    .findFirst().orElseThrow();
            return state.takingBuilding(building)
                    .withCurrent(player.opening(building), e.actionPointsLeft(), state.bank());
        }
        if (event instanceof WorkerRecruited e) {
            Worker worker = state.workerDisplay().stream().filter(w -> w.id() == e.worker().id())
                    .findFirst().orElseThrow();
            return state.takingWorker(worker)
                    .withCurrent(player.recruiting(worker), e.actionPointsLeft(), state.bank());
        }
        if (event instanceof WorkerSent e) {
            Worker worker = player.freeWorker(e.worker().id()).orElseThrow();
            return state.countingSent(e.building().id()).withCurrent(
                    player.sending(worker, e.building().id(), e.wagePaid()), e.actionPointsLeft(),
                    state.bank().receive(e.wagePaid()));
        }
        if (event instanceof MachineSent e) {
            Building machine = player.freeMachine(e.machine().id()).orElseThrow();
            return state.countingSent(e.building().id()).withCurrent(
                    player.sending(machine, e.building().id()), e.actionPointsLeft(), state.bank());
        }
        if (event instanceof BuildingCompleted e) {
            return state.withCurrent(player.completing(e.building().id(), e.coinsEarned()), state.actionPoints(),
                    state.bank().pay(e.coinsEarned()));
        }
        if (event instanceof CoinsTaken e) {
            return state.withCurrent(player.withCoins(player.coins() + e.coinsTaken()), e.actionPointsLeft(),
                    state.bank().pay(e.coinsTaken()));
        }
        if (event instanceof ActionPointBought e) {
            return state.withCurrent(player.withCoins(player.coins() - e.coinsPaid()), e.actionPointsLeft(),
                    state.bank().receive(e.coinsPaid()));
        }
        if (event instanceof GameEndTriggered e) {
            return state.triggeringEnd(e.player());
        }
        if (event instanceof TurnEnded e) {
            if (e.nextPlayer() == null) {
                return state;
            }
            int next = state.seatOf(e.nextPlayer());
            return state.passingTurnTo(next, next == 0 ? state.round() + 1 : state.round(), ACTION_POINTS_PER_TURN);
        }
        if (event instanceof GameFinished) {
            return state.ending();
        }
        throw new IllegalArgumentException("Unknown event " + event);
    }

    @Override
    public List<BuildersMove> legalMoves(BuildersState state, String player) {
        if (state.finished() || !state.currentPlayer().name().equals(player)) {
            return List.of();
        }
        PlayerState me = state.currentPlayer();
        int points = state.actionPoints();
        List<BuildersMove> moves = new ArrayList<>();
        if (points >= 1) {
            state.buildingDisplay().forEach(b -> moves.add(new StartConstruction(b.id())));
            state.workerDisplay().forEach(w -> moves.add(new RecruitWorker(w.id())));
        }
        for (Site site : me.sites()) {
            int cost = state.sendCost(site.building().id());
            if (points < cost) {
                continue;
            }
            for (Worker worker : me.freeWorkers()) {
                if (worker.wage() <= me.coins()) {
                    moves.add(new SendWorker(worker.id(), site.building().id()));
                }
            }
            for (Building machine : me.freeMachines()) {
                moves.add(new SendMachine(machine.id(), site.building().id()));
            }
        }
        for (int take = 1; take < COINS_FOR_ACTION_POINTS.length && take <= points; take++) {
            moves.add(new TakeCoins(take));
        }
        if (me.coins() >= ACTION_POINT_PRICE) {
            moves.add(new BuyActionPoint());
        }
        moves.add(new EndTurn());
        return moves;
    }

    @Override
    public Object view(BuildersState state, String viewer) {
        return new BuildersView(state.players().stream().map(BuildersView.PlayerView::of).toList(),
                state.buildingDisplay(), top(state.buildingDeck(), 0).orElse(null), state.buildingDeck().size(),
                state.workerDisplay(), top(state.workerDeck(), 0).orElse(null), state.workerDeck().size(),
                state.finished() ? null : state.currentPlayer().name(), state.round(), state.actionPoints(),
                state.sentThisTurn(), state.endTriggeredBy(), state.finished(), BuildersView.WAGES);
    }

    @Override
    public boolean isOver(BuildersState state) {
        return state.finished();
    }
}
