package dev.tessera.game.carrara;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.BuildingRenovated;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.CoinsTaken;
import dev.tessera.events.carrara.EndDeclared;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.LargeBuildingBuilt;
import dev.tessera.events.carrara.ObjectBought;
import dev.tessera.events.carrara.RotationSkipped;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.UpgradeTaken;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.game.rules.AnyTitle;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random whole games, basic and with the expansion, played by {@link AnyTitle#playout}: invariants after every step,
 * replay determinism, and the move/event JSON contract.
 */
class CarraraPropertyTest {

    /** The most a random answer pays in VP and in coins: a type's five buildings (cost 15) all in 3-point cities. */
    static final int MAX_PAYOUT = 45;

    private static final CarraraEngine ENGINE = new CarraraEngine();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int GAMES = 1000;
    /** Games (per player count) whose every state also has each legal move round-tripped through JSON. */
    private static final int DEEP_GAMES = 25;
    /** About five times the longest random game seen (under 300 steps, with 4 players). */
    private static final int MAX_MOVES = 1500;

    private static final Stones ALL_STONES = new Stones(7, 7, 7, 7, 7, 7);
    /** The mapper game-service writes snapshots with. */
    private static final ObjectMapper SNAPSHOTS = new EventCodec().mapper();

    /**
     * Random whole games through {@link AnyTitle#playout}, each valuation answered at once with a random valid
     * {@link #answer}, standing in for scoring-service. Players who may not declare ({@code mayDeclare} false) play
     * on until the buildings run out (random players otherwise declare as soon as they can).
     */
    static AnyTitle.Playout<CarraraState, CarraraMove, CarraraEvent> randomGames(boolean mayDeclare) {
        return AnyTitle.playout(ENGINE)
                .among((state, legal) -> mayDeclare ? legal : withoutDeclaring(legal))
                .answering((state, event, random) -> answers(event, random));
    }

    /**
     * The events of the game the random player of the games recorded before the expansion (RandomGame, replaced
     * since by {@link #randomGames}) played with {@code random}: from that one Random it picked a kind of move
     * uniformly, then a move of that kind, and answered each valuation. The harness is left that one move each time,
     * so its own draws change nothing.
     */
    static List<CarraraEvent> playedAsRecorded(GameSetup setup, Random random, boolean mayDeclare) {
        return AnyTitle.playout(ENGINE)
                .among((state, legal) -> List.of(pickByKind(mayDeclare ? legal : withoutDeclaring(legal), random)))
                .answering((state, event, harnessRandom) -> answers(event, random))
                .play(setup, new Random(0))
                .events();
    }

    /** The legal moves but declaring the end, unless that is the only one. */
    private static List<CarraraMove> withoutDeclaring(List<CarraraMove> legal) {
        List<CarraraMove> moves = legal.stream()
                .filter(m -> !(m instanceof CarraraMove.DeclareEnd))
                .toList();
        return moves.isEmpty() ? legal : moves;
    }

    private static CarraraMove pickByKind(List<CarraraMove> moves, Random random) {
        Map<Class<?>, List<CarraraMove>> byKind = new LinkedHashMap<>();
        for (CarraraMove move : moves) {
            byKind.computeIfAbsent(move.getClass(), k -> new ArrayList<>()).add(move);
        }
        List<List<CarraraMove>> kinds = new ArrayList<>(byKind.values());
        List<CarraraMove> kind = kinds.get(random.nextInt(kinds.size()));
        return kind.get(random.nextInt(kind.size()));
    }

    private static List<CarraraEvent> answers(CarraraEvent event, Random random) {
        return event instanceof ValuationRequested request ? List.of(answer(request, random)) : List.of();
    }

    /**
     * A valid answer to {@code request}: its number, player, kind and target echoed; VP and coins from 0 to
     * {@link #MAX_PAYOUT}; at most one object per building valued, drawn from what the request says the
     * supply holds, and none for a category (the expansion's valuation by category gives no objects).
     */
    static ValuationScored answer(ValuationRequested request, Random random) {
        List<String> supply = new ArrayList<>();
        // sorted: the event's map iterates in an order that differs between JVM runs
        new TreeMap<>(request.objectsLeft())
                .forEach((object, count) -> supply.addAll(Collections.nCopies(count, object)));
        int count = request.kind().equals(CarraraData.KIND_CATEGORY)
                ? 0
                : random.nextInt(Math.min(request.buildings().size(), supply.size()) + 1);
        List<String> objects = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            objects.add(supply.remove(random.nextInt(supply.size())));
        }
        return new ValuationScored(
                request.valuation(),
                request.player(),
                request.kind(),
                request.target(),
                random.nextInt(MAX_PAYOUT + 1),
                random.nextInt(MAX_PAYOUT + 1),
                objects);
    }

    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void random_games_keep_the_rules_invariant_and_replay_exactly(int players) throws Exception {
        Map<String, Integer> seen = playRandomGames(players, false);
        assertEquals(0, seen.getOrDefault("expansion", 0), seen::toString);
    }

    /** With the expansion: the same invariants and more, and every part of the expansion occurs. */
    @ParameterizedTest(name = "{0} players")
    @ValueSource(ints = {2, 3, 4})
    void random_games_with_the_expansion_keep_the_rules_invariant_and_replay_exactly(int players) throws Exception {
        Map<String, Integer> seen = playRandomGames(players, true);
        for (String part : List.of(
                "skip-rotation",
                "build-large",
                "take-upgrade",
                "renovate",
                "value-category",
                "leftover-objects",
                "bonus-card-met")) {
            assertTrue(seen.getOrDefault(part, 0) > 0, () -> part + " never occurred: " + seen);
        }
    }

    /** Plays {@link #GAMES} games; answers how many games ended each way and saw each part of the expansion. */
    private static Map<String, Integer> playRandomGames(int players, boolean expansion) throws Exception {
        Random seeds = new Random(expansion ? 100 + players : players);
        Map<String, Integer> endings = new HashMap<>();
        Map<String, Integer> seen = new TreeMap<>();
        int longest = 0;
        for (int game = 0; game < GAMES; game++) {
            long seed = seeds.nextLong();
            GameSetup setup = expansion ? Crafted.expansionSetup(players, seed) : Crafted.setup(players, seed);
            long choices = seeds.nextLong();
            boolean mayDeclare = game % 2 == 0;
            Ledger ledger = new Ledger(players);
            boolean deep = game < DEEP_GAMES;
            List<CarraraEvent> stream = randomGames(mayDeclare)
                    .atMost(MAX_MOVES)
                    .after((before, mover, move, events, after) -> checkMove(before, events, ledger, deep))
                    .play(setup, new Random(choices))
                    .events();

            CarraraState end = replay(setup, stream);
            assertTrue(ENGINE.isOver(end), "game " + game + " did not end within " + MAX_MOVES + " moves");
            assertEquals(end, replay(setup, stream), "replay is deterministic");
            GameFinished ended = assertInstanceOf(GameFinished.class, stream.get(stream.size() - 1));
            checkEnd(end, ended, ledger);
            endings.merge(ended.reason(), 1, Integer::sum);
            seenIn(stream).forEach(part -> seen.merge(part, 1, Integer::sum));
            longest = Math.max(longest, ledger.steps);
            if (deep) {
                List<CarraraEvent> again = randomGames(mayDeclare)
                        .atMost(MAX_MOVES)
                        .play(setup, new Random(choices))
                        .events();
                assertEquals(stream, again, "the same setup and choices give the same events");
                for (CarraraEvent event : stream) {
                    assertEquals(event, JSON.readValue(JSON.writeValueAsString(event), event.getClass()));
                }
            }
        }
        System.out.printf(
                "carrara %d players%s: %s, longest game %d steps, games with each part: %s%n",
                players, expansion ? " with the expansion" : "", endings, longest, seen);
        // both ways of ending must actually be exercised
        assertTrue(endings.getOrDefault("declared", 0) > 0, endings::toString);
        assertTrue(endings.getOrDefault("buildings-exhausted", 0) > 0, endings::toString);
        return seen;
    }

    /**
     * Checks a move's events, then scoring-service's answer if the move asked for a valuation, each as one step: the
     * invariants hold in the state awaiting the valuation too.
     */
    private static void checkMove(CarraraState before, List<CarraraEvent> events, Ledger ledger, boolean deep) {
        int answered = events.get(events.size() - 1) instanceof ValuationScored ? events.size() - 1 : events.size();
        CarraraState awaiting = checkStep(before, events.subList(0, answered), ledger, deep);
        if (answered < events.size()) {
            checkStep(awaiting, events.subList(answered, events.size()), ledger, deep);
        }
    }

    /** The state after {@code events}, checked. */
    private static CarraraState checkStep(CarraraState before, List<CarraraEvent> events, Ledger ledger, boolean deep) {
        ledger.record(before, events);
        CarraraState after = apply(before, events);
        checkInvariants(after, ledger);
        if (deep) {
            checkMovesContract(after);
            checkSnapshottable(after);
        }
        return after;
    }

    private static CarraraState apply(CarraraState state, List<CarraraEvent> events) {
        for (CarraraEvent event : events) {
            state = ENGINE.evolve(state, event);
        }
        return state;
    }

    /** The parts of the expansion a game's stream shows. */
    private static Set<String> seenIn(List<CarraraEvent> stream) {
        Set<String> parts = new HashSet<>();
        for (CarraraEvent event : stream) {
            if (event instanceof RotationSkipped) {
                parts.add("skip-rotation");
            } else if (event instanceof LargeBuildingBuilt) {
                parts.add("build-large");
            } else if (event instanceof UpgradeTaken) {
                parts.add("take-upgrade");
            } else if (event instanceof BuildingRenovated) {
                parts.add("renovate");
            } else if (event instanceof ValuationRequested r && r.kind().equals(CarraraData.KIND_CATEGORY)) {
                parts.add("value-category");
            } else if (event instanceof GameFinished e) {
                if (e.bonusCard() != null) {
                    parts.add("expansion");
                }
                if (e.players().stream().anyMatch(t -> t.objects() > t.objectsCounted())) {
                    parts.add("leftover-objects");
                }
                if (e.players().stream().anyMatch(t -> t.bonusVp() > 0)) {
                    parts.add("bonus-card-met");
                }
            }
        }
        return parts;
    }

    private static CarraraState replay(GameSetup setup, List<CarraraEvent> stream) {
        return apply(ENGINE.start(setup), stream);
    }

    /** Coins and VP recomputed from the events alone, with each source checked against the rules. */
    private static final class Ledger {
        int coins;
        int vp;
        int steps;
        final Map<String, Integer> turns = new HashMap<>();
        final Map<String, Integer> objects = new HashMap<>();
        /** Main-board tiles a renovation took out of the game. */
        final List<Tile> retired = new ArrayList<>();

        Ledger(int players) {
            coins = players * CarraraData.START_COINS;
        }

        void record(CarraraState before, List<CarraraEvent> events) {
            steps++;
            for (CarraraEvent event : events) {
                if (event instanceof StonesBought e) {
                    Stones bought = Stones.of(e.stones().stream().map(Stone::of).toList());
                    assertEquals(CarraraData.price(e.section(), bought), e.price(), e::toString);
                    coins -= e.price();
                } else if (event instanceof ObjectBought e) {
                    assertEquals(CarraraData.OBJECT_PRICE, e.price());
                    coins -= e.price();
                    objects.merge(e.player(), 1, Integer::sum);
                } else if (event instanceof CoinsTaken e) {
                    assertEquals(CarraraData.NO_COINS_GRANT, e.amount());
                    coins += e.amount();
                } else if (event instanceof ValuationScored e) {
                    coins += e.coins();
                    vp += e.vp();
                    objects.merge(e.player(), e.objects().size(), Integer::sum);
                } else if (event instanceof EndDeclared e) {
                    assertEquals(CarraraData.END_DECLARATION_BONUS, e.bonusVp());
                    vp += e.bonusVp();
                } else if (event instanceof BuildingBuilt e) {
                    City city = City.of(e.city());
                    assertEquals(e.cost(), e.stones().size(), e::toString);
                    assertTrue(
                            e.stones().stream().map(Stone::of).allMatch(s -> CarraraData.accepts(city, s)),
                            e::toString);
                } else if (event instanceof LargeBuildingBuilt e) {
                    City city = City.of(e.city());
                    assertEquals(CarraraData.LARGE_COST, e.cost(), e::toString);
                    assertEquals(CarraraData.LARGE_COST, e.stones().size(), e::toString);
                    assertTrue(
                            e.stones().stream().map(Stone::of).allMatch(s -> CarraraData.accepts(city, s)),
                            e::toString);
                } else if (event instanceof BuildingRenovated e) {
                    City city = City.of(e.city());
                    assertTrue(e.cost() > e.replacedCost(), e::toString);
                    assertEquals(e.cost() - e.replacedCost(), e.stones().size(), e::toString);
                    assertTrue(
                            e.stones().stream().map(Stone::of).allMatch(s -> CarraraData.accepts(city, s)),
                            e::toString);
                    retired.add(new Tile(BuildingType.of(e.replacedBuilding()), e.replacedCost()));
                } else if (event instanceof TurnEnded e) {
                    turns.merge(e.player(), 1, Integer::sum);
                }
            }
        }
    }

    private static void checkInvariants(CarraraState s, Ledger ledger) {
        // stones: bag, wheel and players hold all 42
        Stones held = s.players().stream().map(PlayerState::stones).reduce(Stones.NONE, Stones::plus);
        assertEquals(ALL_STONES, s.bag().plus(s.wheelStones()).plus(held));
        assertTrue(s.wheelStones().total() <= CarraraData.WHEEL_CAPACITY);
        // buildings: every main-board tile exactly once (built, or renovated out of the game), the display full
        // while the pile lasts; every cost-8 building exactly once
        List<Tile> tiles = new ArrayList<>(s.display());
        tiles.addAll(s.pile());
        tiles.addAll(ledger.retired);
        List<Tile> large = new ArrayList<>(s.hasExpansion() ? s.expansion().largeBuildings() : List.of());
        s.players()
                .forEach(p -> p.buildings()
                        .forEach(b -> (b.cost() == CarraraData.LARGE_COST ? large : tiles)
                                .add(new Tile(b.type(), b.cost()))));
        assertEquals(CarraraData.BUILDINGS, tiles.size());
        assertEquals(new HashSet<>(CarraraData.tiles()), new HashSet<>(tiles));
        assertTrue(s.pile().isEmpty() ? s.display().size() <= 9 : s.display().size() == 9);
        if (s.hasExpansion()) {
            assertEquals(CarraraData.largeBuildings().size(), large.size());
            assertEquals(new HashSet<>(CarraraData.largeBuildings()), new HashSet<>(large));
            // upgrade tiles: each on the board or with exactly one player; one per cost-8 building built
            List<Upgrade> upgrades = new ArrayList<>(s.expansion().upgradesLeft());
            s.players().forEach(p -> upgrades.addAll(p.upgrades()));
            assertEquals(EnumSet.allOf(Upgrade.class), EnumSet.copyOf(upgrades));
            assertEquals(Upgrade.values().length, upgrades.size());
            long largeBuilt = CarraraData.largeBuildings().size()
                    - s.expansion().largeBuildings().size();
            int taken = Upgrade.values().length - s.expansion().upgradesLeft().size();
            assertEquals(largeBuilt, s.phase() == Phase.CHOOSING_UPGRADE ? taken + 1 : taken);
        } else {
            assertTrue(large.isEmpty());
            assertTrue(s.players().stream()
                    .allMatch(
                            p -> p.upgrades().isEmpty() && p.categoriesValued().isEmpty()));
        }
        // objects: supply, market and players hold all six of each kind
        for (ObjectKind kind : ObjectKind.values()) {
            int count = s.supply().get(kind)
                    + (s.market().contains(kind) ? 1 : 0)
                    + s.players().stream().mapToInt(p -> p.objects().get(kind)).sum();
            assertEquals(CarraraData.OBJECTS_PER_KIND, count, kind::toString);
            assertTrue(s.supply().get(kind) >= 0, kind::toString);
        }
        for (PlayerState p : s.players()) {
            assertEquals(ledger.objects.getOrDefault(p.name(), 0), p.objectCount(), p::name);
        }
        // money: never negative, and only the rules' sources create it
        assertTrue(s.players().stream().allMatch(p -> p.coins() >= 0 && p.vp() >= 0));
        assertEquals(
                ledger.coins, s.players().stream().mapToInt(PlayerState::coins).sum());
        assertEquals(ledger.vp, s.players().stream().mapToInt(PlayerState::vp).sum());
        // valuations: six markers, each type once per player, each city once per game
        for (PlayerState p : s.players()) {
            assertTrue(p.markersUsed() <= CarraraData.VALUATION_MARKERS);
            assertTrue(p.typesValued().size() + p.categoriesValued().size() <= p.markersUsed());
        }
        int markers = s.players().stream().mapToInt(PlayerState::markersUsed).sum();
        assertEquals(s.valuations(), markers);
        assertEquals(
                markers,
                s.citiesValued().size()
                        + s.players().stream()
                                .mapToInt(p -> p.typesValued().size()
                                        + p.categoriesValued().size())
                                .sum());
        assertEquals(s.phase() == Phase.AWAITING_VALUATION, s.pending() != null);
        // only the current player may move, and never while a valuation is awaited
        for (PlayerState p : s.players()) {
            boolean mayMove = p.name().equals(s.currentPlayer().name())
                    && s.phase() != Phase.AWAITING_VALUATION
                    && s.phase() != Phase.OVER;
            assertEquals(mayMove, !ENGINE.legalMoves(s, p.name()).isEmpty(), () -> p.name() + " in " + s.phase());
        }
    }

    /** game-service snapshots a state only if it comes back equal from its JSON: every state must. */
    private static void checkSnapshottable(CarraraState s) {
        try {
            assertEquals(s, SNAPSHOTS.treeToValue(SNAPSHOTS.valueToTree(s), CarraraState.class));
        } catch (Exception e) {
            throw new AssertionError("the state does not survive JSON: " + s, e);
        }
    }

    /** Every legal move survives JSON and is accepted; a set of other candidates is accepted exactly when legal. */
    private static void checkMovesContract(CarraraState s) {
        if (s.phase() == Phase.OVER || s.phase() == Phase.AWAITING_VALUATION) {
            return;
        }
        String player = s.currentPlayer().name();
        List<CarraraMove> legal = ENGINE.legalMoves(s, player);
        assertEquals(legal.size(), new HashSet<>(legal).size(), "legal moves are distinct");
        for (CarraraMove move : legal) {
            try {
                CarraraMove back = JSON.readValue(JSON.writeValueAsString(move), CarraraMove.class);
                assertEquals(move, back);
            } catch (Exception e) {
                throw new AssertionError(move + " does not survive JSON", e);
            }
            assertInstanceOf(Decision.Accepted.class, ENGINE.decide(s, player, move), move::toString);
        }
        Set<CarraraMove> legalSet = new HashSet<>(legal);
        candidates(s)
                .forEach(move -> assertEquals(
                        legalSet.contains(move),
                        ENGINE.decide(s, player, move) instanceof Decision.Accepted,
                        () -> move + " in " + s.phase()));
    }

    private static Stream<CarraraMove> candidates(CarraraState s) {
        List<CarraraMove> moves = new ArrayList<>(List.of(
                new CarraraMove.RotateWheel(),
                new CarraraMove.BuyNothing(),
                new CarraraMove.TakeCoins(),
                new CarraraMove.DeclareEnd(),
                new CarraraMove.EndTurn(),
                new CarraraMove.SkipRotation()));
        List<Stone> held = s.currentPlayer().stones().toList();
        for (Upgrade upgrade : Upgrade.values()) {
            moves.add(new CarraraMove.TakeUpgrade(upgrade));
        }
        for (Category category : Category.values()) {
            moves.add(new CarraraMove.ValueCategory(category));
        }
        for (Tile tile : CarraraData.largeBuildings()) {
            for (City city : City.values()) {
                moves.add(new CarraraMove.BuildLarge(
                        tile.type(), city, held.stream().limit(tile.cost()).toList()));
            }
        }
        for (Building old : s.currentPlayer().buildings()) {
            for (Tile tile : s.display()) {
                moves.add(new CarraraMove.Renovate(
                        tile.type(),
                        tile.cost(),
                        new CarraraMove.Renovate.Replaced(old.type(), old.cost()),
                        held.stream()
                                .limit(Math.max(0, tile.cost() - old.cost()))
                                .toList()));
            }
        }
        for (BuildingType type : BuildingType.values()) {
            moves.add(new CarraraMove.ValueType(type));
        }
        for (City city : City.values()) {
            moves.add(new CarraraMove.ValueCity(city));
        }
        for (ObjectKind kind : ObjectKind.values()) {
            moves.add(new CarraraMove.BuyObject(kind));
        }
        for (int section = 1; section <= 6; section++) {
            for (Stone stone : Stone.values()) {
                moves.add(new CarraraMove.BuyStones(section, List.of(stone)));
            }
        }
        for (Tile tile : CarraraData.tiles()) {
            for (City city : City.values()) {
                moves.add(new CarraraMove.Build(
                        tile.type(),
                        tile.cost(),
                        city,
                        s.currentPlayer().stones().toList().stream()
                                .limit(tile.cost())
                                .toList()));
            }
        }
        return moves.stream();
    }

    private static void checkEnd(CarraraState end, GameFinished ended, Ledger ledger) {
        // the last round was completed: everybody had the same number of turns
        assertEquals(1, new HashSet<>(ledger.turns.values()).size(), ledger.turns::toString);
        assertEquals(end.players().size(), ledger.turns.size());
        assertEquals(end.declaredBy() != null ? "declared" : "buildings-exhausted", ended.reason());
        BonusCard card = end.hasExpansion() ? end.expansion().bonusCard() : null;
        for (int i = 0; i < end.players().size(); i++) {
            PlayerState p = end.player(i);
            assertEquals(
                    new GameFinished.Tally(
                            p.name(),
                            p.vp(),
                            p.coins(),
                            p.objectCount(),
                            card == null ? p.objectCount() : p.objectKinds(),
                            p.buildings().size(),
                            p.buildingCost(),
                            p.stones().total(),
                            card == null ? 0 : card.bonusFor(p)),
                    ended.players().get(i));
        }
        assertEquals(CarraraData.COINS_PER_VP, ended.coinsPerVp());
        assertEquals(
                card == null ? CarraraData.VP_PER_OBJECT : CarraraData.EXPANSION_VP_PER_OBJECT, ended.vpPerObject());
        assertEquals(card == null ? 0 : CarraraData.VP_PER_LEFTOVER_OBJECT, ended.vpPerLeftoverObject());
        assertEquals(card == null ? null : card.id(), ended.bonusCard());
        assertEquals(CarraraData.VP_PER_BUILDING, ended.vpPerBuilding());
    }
}
