package dev.tessera.game.carrara;

import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.BuildingRenovated;
import dev.tessera.events.carrara.BuildingRevealed;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.CoinsTaken;
import dev.tessera.events.carrara.EndDeclared;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.LargeBuildingBuilt;
import dev.tessera.events.carrara.ObjectBought;
import dev.tessera.events.carrara.RotationSkipped;
import dev.tessera.events.carrara.StonePurchaseSkipped;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.UpgradeTaken;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.WheelRotated;
import dev.tessera.game.carrara.CarraraMove.Build;
import dev.tessera.game.carrara.CarraraMove.BuildLarge;
import dev.tessera.game.carrara.CarraraMove.BuyNothing;
import dev.tessera.game.carrara.CarraraMove.BuyObject;
import dev.tessera.game.carrara.CarraraMove.BuyStones;
import dev.tessera.game.carrara.CarraraMove.DeclareEnd;
import dev.tessera.game.carrara.CarraraMove.EndTurn;
import dev.tessera.game.carrara.CarraraMove.Renovate;
import dev.tessera.game.carrara.CarraraMove.RotateWheel;
import dev.tessera.game.carrara.CarraraMove.SkipRotation;
import dev.tessera.game.carrara.CarraraMove.TakeCoins;
import dev.tessera.game.carrara.CarraraMove.TakeUpgrade;
import dev.tessera.game.carrara.CarraraMove.ValueCategory;
import dev.tessera.game.carrara.CarraraMove.ValueCity;
import dev.tessera.game.carrara.CarraraMove.ValueType;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesEngine;
import dev.tessera.game.rules.Shuffle;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The Palaces of Carrara (2012 edition), the basic game and, with the table option {@code expansion}, the
 * expansion (game-service/docs/carrara.md). A valuation is a saga: decide() emits
 * {@link ValuationRequested} and the game waits in {@link Phase#AWAITING_VALUATION} until the game
 * service appends the scoring service's {@code ValuationScored}, which evolve() applies.
 */
public final class CarraraEngine implements RulesEngine<CarraraState, CarraraMove, CarraraEvent> {

    public static final String GAME = "carrara";
    public static final String KIND_TYPE = "type";
    public static final String KIND_CITY = "city";
    public static final String KIND_CATEGORY = "category";

    @Override
    public String game() {
        return GAME;
    }

    @Override
    public Class<CarraraState> stateType() {
        return CarraraState.class;
    }

    @Override
    public Class<CarraraMove> moveType() {
        return CarraraMove.class;
    }

    @Override
    public Class<CarraraEvent> eventType() {
        return CarraraEvent.class;
    }

    @Override
    public CarraraState start(GameSetup setup) {
        List<String> names = setup.players();
        if (names.size() < minPlayers() || names.size() > maxPlayers() || new HashSet<>(names).size() != names.size()) {
            throw new IllegalArgumentException("Carrara needs 2 to 4 distinct players, got " + names);
        }
        Random random = new Random(setup.seed());
        List<Tile> tiles = Shuffle.shuffled(CarraraData.tiles(), random);
        List<PlayerState> players = new ArrayList<>();
        Stones handedOut = Stones.NONE;
        for (int seat = 0; seat < names.size(); seat++) {
            Stone start = CarraraData.START_STONES.get(seat);
            players.add(PlayerState.initial(names.get(seat), start));
            handedOut = handedOut.plus(start);
        }
        int n = CarraraData.STONES_PER_COLOUR;
        Stones sectionOne = new Stones(1, 1, 1, 1, 1, 1);
        List<Stones> wheel = new ArrayList<>(List.of(sectionOne));
        while (wheel.size() < CarraraData.SECTIONS) {
            wheel.add(Stones.NONE);
        }
        Stones bag = new Stones(n, n, n, n, n, n).minus(sectionOne).minus(handedOut);
        // Drawn after everything the basic game draws, so that a basic game deals as it always did.
        CarraraState.ExpansionBoard expansion = expansion(setup) ? new CarraraState.ExpansionBoard(
                CarraraData.largeBuildings(), EnumSet.allOf(Upgrade.class),
                BonusCard.values()[random.nextInt(BonusCard.values().length)]) : null;
        return new CarraraState(setup.seed(), players, Phase.ACTION, 0, wheel, bag, 0,
                tiles.subList(0, CarraraData.DISPLAY_SIZE), tiles.subList(CarraraData.DISPLAY_SIZE, tiles.size()),
                Counts.filled(CarraraData.OBJECTS_PER_KIND - CarraraData.OBJECTS_IN_MARKET),
                EnumSet.allOf(ObjectKind.class), Map.of(), null, 0, null, expansion);
    }

    /** The table option; games stored before the expansion existed have none and are basic games. */
    private static boolean expansion(GameSetup setup) {
        String value = setup.options().getOrDefault(CarraraData.OPTION_EXPANSION, "false");
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("option " + CarraraData.OPTION_EXPANSION + " is true or false, not " + value);
        }
        return value.equals("true");
    }

    @Override
    public boolean plays(CarraraState state, String player) {
        return state.seatOf(player) >= 0;
    }

    /** Whoever sends them: the expansion's moves in a basic game, and every move while a valuation is scored. */
    @Override
    public Optional<Decision.Rejected<CarraraEvent>> refusedToAnyone(CarraraState state, CarraraMove move) {
        if (isExpansionMove(move) && !state.hasExpansion()) {
            return Optional.of(new Decision.Rejected<>("expansion-not-in-play", "This game is played without the expansion."));
        }
        if (state.phase() == Phase.AWAITING_VALUATION) {
            return Optional.of(new Decision.Rejected<>("awaiting-valuation", "The game waits for a valuation to be scored."));
        }
        return Optional.empty();
    }

    @Override
    public boolean mayMove(CarraraState state, String player) {
        return state.seatOf(player) == state.current();
    }

    @Override
    public String notYourTurn(CarraraState state, String player) {
        return "It is " + state.currentPlayer().name() + "'s turn.";
    }

    @Override
    public Decision<CarraraEvent> decideMove(CarraraState state, String player, CarraraMove move) {
        int seat = state.seatOf(player);
        if (!allowedIn(move, state.phase())) {
            return Decision.reject("wrong-phase", "That move is not possible now (" + state.phase() + ").");
        }
        PlayerState me = state.player(seat);
        if (move instanceof RotateWheel) {
            return rotateWheel(state, me);
        } else if (move instanceof BuyStones m) {
            return buyStones(state, me, m);
        } else if (move instanceof BuyNothing) {
            return buyNothing(state, me);
        } else if (move instanceof TakeCoins) {
            return takeCoins(state, me);
        } else if (move instanceof Build m) {
            return build(state, me, m);
        } else if (move instanceof ValueType m) {
            return valueType(state, me, m.building());
        } else if (move instanceof ValueCity m) {
            return valueCity(state, me, m.city());
        } else if (move instanceof DeclareEnd) {
            return declareEnd(state, me);
        } else if (move instanceof BuyObject m) {
            return buyObject(state, me, m.object());
        } else if (move instanceof SkipRotation) {
            return skipRotation(state, me);
        } else if (move instanceof BuildLarge m) {
            return buildLarge(state, me, m);
        } else if (move instanceof TakeUpgrade m) {
            return takeUpgrade(state, me, m.upgrade());
        } else if (move instanceof Renovate m) {
            return renovate(state, me, m);
        } else if (move instanceof ValueCategory m) {
            return valueCategory(state, me, m.category());
        }
        return Decision.accept(turnEnd(state, me)); // EndTurn, the only move left
    }

    private static boolean isExpansionMove(CarraraMove move) {
        return move instanceof SkipRotation || move instanceof BuildLarge || move instanceof TakeUpgrade
                || move instanceof Renovate || move instanceof ValueCategory;
    }

    private static boolean allowedIn(CarraraMove move, Phase phase) {
        return switch (phase) {
            case ACTION -> move instanceof RotateWheel || move instanceof Build || move instanceof ValueType
                    || move instanceof ValueCity || move instanceof DeclareEnd || move instanceof TakeCoins
                    || move instanceof SkipRotation || move instanceof BuildLarge || move instanceof Renovate
                    || move instanceof ValueCategory;
            case BUYING_STONES -> move instanceof BuyStones || move instanceof BuyNothing || move instanceof TakeCoins;
            case CHOOSING_UPGRADE -> move instanceof TakeUpgrade;
            case AFTER_ACTION -> move instanceof BuyObject || move instanceof EndTurn;
            case AWAITING_VALUATION, OVER -> false;
        };
    }

    private Decision<CarraraEvent> rotateWheel(CarraraState state, PlayerState me) {
        if (!Rules.canRotate(state)) {
            return Decision.reject("wheel-empty", "The wheel and the bag are both empty: choose another action.");
        }
        int toDraw = Math.min(CarraraData.WHEEL_CAPACITY - state.wheelStones().total(), state.bag().total());
        // One generator per draw, derived from the seed and the draw count: a replay needs no generator state.
        Random random = new Random(state.seed() + 0x9E3779B97F4A7C15L * (state.draws() + 1));
        int[] bag = state.bag().counts();
        int left = state.bag().total();
        List<String> drawn = new ArrayList<>();
        for (int i = 0; i < toDraw; i++, left--) {
            int pick = random.nextInt(left);
            int colour = 0;
            while (pick >= bag[colour]) {
                pick -= bag[colour++];
            }
            bag[colour]--;
            drawn.add(Stone.at(colour).id());
        }
        return Decision.accept(new WheelRotated(me.name(), drawn, left));
    }

    private Decision<CarraraEvent> buyStones(CarraraState state, PlayerState me, BuyStones move) {
        if (move.section() < 1 || move.section() > CarraraData.SECTIONS) {
            return Decision.reject("no-such-section", "Sections are numbered 1 (I) to 6 (VI).");
        }
        if (move.stones().isEmpty()) {
            return Decision.reject("no-stones-chosen", "Choose at least one stone.");
        }
        Stones chosen = Stones.of(move.stones());
        if (!state.wheel().get(move.section() - 1).containsAll(chosen)) {
            return Decision.reject("stones-not-on-wheel", "Section " + move.section() + " does not hold those stones.");
        }
        int price = CarraraData.price(move.section(), chosen);
        if (price > me.coins()) {
            return Decision.reject("not-enough-coins", "Those stones cost " + price + " coins.");
        }
        List<String> ids = move.stones().stream().map(Stone::id).toList();
        return finishAction(state, me, new StonesBought(me.name(), move.section(), ids, price));
    }

    private Decision<CarraraEvent> buyNothing(CarraraState state, PlayerState me) {
        if (Rules.anyStoneAffordable(state, me)) {
            return Decision.reject("must-buy-a-stone", "You can take or buy a stone, so you must.");
        }
        if (me.coins() == 0) {
            return Decision.reject("must-take-coins", "You have no coins and no free stone: take 2 coins.");
        }
        return finishAction(state, me, new StonePurchaseSkipped(me.name()));
    }

    private Decision<CarraraEvent> takeCoins(CarraraState state, PlayerState me) {
        boolean allowed = state.phase() == Phase.ACTION
                ? Rules.mustTakeCoinsInsteadOfAction(state, me)
                : me.coins() == 0 && !Rules.anyStoneAffordable(state, me);
        if (!allowed) {
            return Decision.reject("take-coins-not-allowed",
                    "Coins are only taken when you can do nothing else (or, buying stones, have no coins and no free stone).");
        }
        return finishAction(state, me,
                new CoinsTaken(me.name(), CarraraData.NO_COINS_GRANT, me.coins(), me.stones().byColour()));
    }

    private Decision<CarraraEvent> build(CarraraState state, PlayerState me, Build move) {
        Tile tile = new Tile(move.building(), move.cost());
        if (!state.display().contains(tile)) {
            return Decision.reject("building-not-available",
                    move.building().id() + " " + move.cost() + " is not on the display.");
        }
        Decision<CarraraEvent> unpaid = paymentRejected(me, move.city(), move.cost(), move.stones(),
                "This building costs exactly " + move.cost() + " stones.");
        if (unpaid != null) {
            return unpaid;
        }
        List<CarraraEvent> events = new ArrayList<>();
        events.add(new BuildingBuilt(me.name(), tile.type().id(), CarraraData.category(tile.type()).id(), tile.cost(),
                CarraraData.object(tile.type()).id(), move.city().id(), ids(move.stones())));
        refill(state, events);
        return finishAction(state, me, events.toArray(CarraraEvent[]::new));
    }

    /** The rejection of paying {@code count} stones {@code stones} for {@code city}, or null when they pay. */
    private static Decision<CarraraEvent> paymentRejected(PlayerState me, City city, int count, List<Stone> stones,
                                                          String countDetail) {
        if (stones.size() != count) {
            return Decision.reject("wrong-stone-count", countDetail);
        }
        for (Stone stone : stones) {
            if (!CarraraData.accepts(city, stone)) {
                return Decision.reject("stone-not-allowed", city.id() + " does not accept " + stone.id() + " stones.");
            }
        }
        if (!me.stones().containsAll(Stones.of(stones))) {
            return Decision.reject("stones-not-held", "You do not hold those stones.");
        }
        return null;
    }

    /** The display takes the pile's top tile, while the pile lasts. */
    private static void refill(CarraraState state, List<CarraraEvent> events) {
        if (!state.pile().isEmpty()) {
            Tile top = state.pile().get(0);
            events.add(new BuildingRevealed(top.type().id(), CarraraData.category(top.type()).id(), top.cost(),
                    CarraraData.object(top.type()).id(), state.pile().size() - 1));
        }
    }

    private static List<String> ids(List<Stone> stones) {
        return stones.stream().map(Stone::id).toList();
    }

    private Decision<CarraraEvent> skipRotation(CarraraState state, PlayerState me) {
        if (!Rules.canSkipRotation(state)) {
            return Decision.reject("wheel-empty", "The wheel holds no stone, and without turning it none is drawn.");
        }
        return Decision.accept(new RotationSkipped(me.name()));
    }

    private Decision<CarraraEvent> buildLarge(CarraraState state, PlayerState me, BuildLarge move) {
        Tile tile = new Tile(move.building(), CarraraData.LARGE_COST);
        if (!state.expansion().largeBuildings().contains(tile)) {
            return Decision.reject("building-not-available",
                    "The cost-" + CarraraData.LARGE_COST + " " + move.building().id() + " has already been built.");
        }
        Decision<CarraraEvent> unpaid = paymentRejected(me, move.city(), CarraraData.LARGE_COST, move.stones(),
                "A cost-" + CarraraData.LARGE_COST + " building costs exactly " + CarraraData.LARGE_COST + " stones.");
        if (unpaid != null) {
            return unpaid;
        }
        LargeBuildingBuilt built = new LargeBuildingBuilt(me.name(), tile.type().id(),
                CarraraData.category(tile.type()).id(), tile.cost(), CarraraData.object(tile.type()).id(),
                move.city().id(), ids(move.stones()));
        // Six buildings and eight tiles: a tile is always left, but a stream must not stall if that ever changes.
        return state.expansion().upgradesLeft().isEmpty() ? finishAction(state, me, built) : Decision.accept(built);
    }

    private Decision<CarraraEvent> takeUpgrade(CarraraState state, PlayerState me, Upgrade upgrade) {
        if (!state.expansion().upgradesLeft().contains(upgrade)) {
            return Decision.reject("upgrade-not-available", "The " + upgrade.id() + " upgrade tile has already been taken.");
        }
        return finishAction(state, me, new UpgradeTaken(me.name(), upgrade.id(), CarraraData.UPGRADE_BONUS));
    }

    private Decision<CarraraEvent> renovate(CarraraState state, PlayerState me, Renovate move) {
        Tile tile = new Tile(move.building(), move.cost());
        if (!state.display().contains(tile)) {
            return Decision.reject("building-not-available",
                    move.building().id() + " " + move.cost() + " is not on the display.");
        }
        Building old = me.buildings().stream()
                .filter(b -> b.type() == move.replaces().building() && b.cost() == move.replaces().cost())
                .findFirst().orElse(null);
        if (old == null) {
            return Decision.reject("not-your-building", "You have no " + move.replaces().building().id() + " "
                    + move.replaces().cost() + " to renovate.");
        }
        if (move.cost() <= old.cost()) {
            return Decision.reject("renovation-not-higher", "A renovation replaces a building with a higher-cost one.");
        }
        int count = CarraraData.renovationStones(old.cost(), move.cost());
        Decision<CarraraEvent> unpaid = paymentRejected(me, old.city(), count, move.stones(),
                "This renovation costs exactly " + count + " stones.");
        if (unpaid != null) {
            return unpaid;
        }
        List<CarraraEvent> events = new ArrayList<>();
        events.add(new BuildingRenovated(me.name(), old.city().id(), tile.type().id(),
                CarraraData.category(tile.type()).id(), tile.cost(), CarraraData.object(tile.type()).id(),
                old.type().id(), old.cost(), ids(move.stones())));
        refill(state, events);
        return finishAction(state, me, events.toArray(CarraraEvent[]::new));
    }

    private Decision<CarraraEvent> valueCategory(CarraraState state, PlayerState me, Category category) {
        if (!Rules.hasMarker(me)) {
            return Decision.reject("no-valuation-markers", "All six valuation markers are used.");
        }
        if (me.categoriesValued().contains(category)) {
            return Decision.reject("category-already-valued", "You have already valued your " + category.id() + " buildings.");
        }
        if (!me.hasBuilt(category)) {
            return Decision.reject("no-building-of-category", "You have no " + category.id() + " building.");
        }
        return Decision.accept(valuation(state, me, KIND_CATEGORY, category.id(),
                b -> CarraraData.category(b.type()) == category));
    }

    private Decision<CarraraEvent> valueType(CarraraState state, PlayerState me, BuildingType type) {
        if (!Rules.hasMarker(me)) {
            return Decision.reject("no-valuation-markers", "All six valuation markers are used.");
        }
        if (me.typesValued().contains(type)) {
            return Decision.reject("type-already-valued", "You have already valued your " + type.id() + " buildings.");
        }
        if (!me.hasBuilt(type)) {
            return Decision.reject("no-building-of-type", "You have no " + type.id() + " building.");
        }
        return Decision.accept(valuation(state, me, KIND_TYPE, type.id(), b -> b.type() == type));
    }

    private Decision<CarraraEvent> valueCity(CarraraState state, PlayerState me, City city) {
        if (!Rules.hasMarker(me)) {
            return Decision.reject("no-valuation-markers", "All six valuation markers are used.");
        }
        if (state.citiesValued().containsKey(city)) {
            return Decision.reject("city-already-valued",
                    city.id() + " was already valued by " + state.citiesValued().get(city) + ".");
        }
        if (me.buildingsIn(city) < CarraraData.minBuildings(city)) {
            return Decision.reject("too-few-buildings",
                    city.id() + " needs " + CarraraData.minBuildings(city) + " of your buildings to be valued.");
        }
        return Decision.accept(valuation(state, me, KIND_CITY, city.id(), b -> b.city() == city));
    }

    private static ValuationRequested valuation(CarraraState state, PlayerState me, String kind, String target,
                                                Predicate<Building> valued) {
        List<ValuationRequested.Building> buildings = new ArrayList<>();
        Set<City> cities = new LinkedHashSet<>();
        for (Building b : me.buildings()) {
            if (valued.test(b)) {
                buildings.add(new ValuationRequested.Building(b.city().id(), b.type().id(), b.cost(),
                        CarraraData.object(b.type()).id(), me.upgradeBonus(b)));
                cities.add(b.city());
            }
        }
        List<ValuationRequested.City> cityValues = cities.stream()
                .map(c -> new ValuationRequested.City(c.id(), CarraraData.value(c), CarraraData.payout(c).id()))
                .toList();
        return new ValuationRequested(state.valuations() + 1, me.name(), kind, target, buildings, cityValues,
                Counts.byId(state.supply()));
    }

    private Decision<CarraraEvent> declareEnd(CarraraState state, PlayerState me) {
        if (state.endTriggered()) {
            return Decision.reject("end-already-triggered", "The game already ends with this round.");
        }
        if (!Rules.goalsMet(me)) {
            return Decision.reject("goals-not-met", "Only a player who has met all three goals can declare the end.");
        }
        return Decision.accept(new EndDeclared(me.name(), CarraraData.END_DECLARATION_BONUS));
    }

    private Decision<CarraraEvent> buyObject(CarraraState state, PlayerState me, ObjectKind object) {
        if (!state.market().contains(object)) {
            return Decision.reject("object-not-available", "The " + object.id() + " has already been bought.");
        }
        if (me.coins() < CarraraData.OBJECT_PRICE) {
            return Decision.reject("not-enough-coins", "An object costs " + CarraraData.OBJECT_PRICE + " coins.");
        }
        List<CarraraEvent> events = new ArrayList<>();
        events.add(new ObjectBought(me.name(), object.id(), CarraraData.OBJECT_PRICE));
        events.addAll(turnEnd(fold(state, events), me));
        return Decision.accept(events);
    }

    /** The action's events, then the end of the turn unless the extra purchase is possible. */
    private Decision<CarraraEvent> finishAction(CarraraState state, PlayerState me, CarraraEvent... actionEvents) {
        List<CarraraEvent> events = new ArrayList<>(List.of(actionEvents));
        CarraraState after = fold(state, events);
        if (!Rules.canBuyObject(after, after.player(after.seatOf(me.name())))) {
            events.addAll(turnEnd(after, me));
        }
        return Decision.accept(events);
    }

    /** Passes the turn on; once the end is triggered, the round is completed and then the game ends. */
    private static List<CarraraEvent> turnEnd(CarraraState state, PlayerState me) {
        int next = (state.seatOf(me.name()) + 1) % state.players().size();
        TurnEnded ended = new TurnEnded(me.name(), state.player(next).name());
        if (next != 0 || !state.endTriggered()) {
            return List.of(ended);
        }
        String reason = state.declaredBy() != null ? "declared" : "buildings-exhausted";
        return List.of(ended, finished(state, reason));
    }

    /** Every player's holdings and the rates of the object cards in play; with the expansion, its bonus card. */
    private static GameFinished finished(CarraraState state, String reason) {
        boolean expansion = state.hasExpansion();
        BonusCard card = expansion ? state.expansion().bonusCard() : null;
        List<GameFinished.Tally> tallies = state.players().stream()
                .map(p -> new GameFinished.Tally(p.name(), p.vp(), p.coins(), p.objectCount(),
                        expansion ? p.objectKinds() : p.objectCount(), p.buildings().size(), p.buildingCost(),
                        p.stones().total(), expansion ? card.bonusFor(p) : 0))
                .toList();
        return new GameFinished(reason, state.declaredBy(), CarraraData.COINS_PER_VP,
                expansion ? CarraraData.EXPANSION_VP_PER_OBJECT : CarraraData.VP_PER_OBJECT,
                expansion ? CarraraData.VP_PER_LEFTOVER_OBJECT : 0, CarraraData.VP_PER_BUILDING,
                expansion ? card.id() : null, tallies);
    }

    private static CarraraState fold(CarraraState state, List<CarraraEvent> events) {
        for (CarraraEvent event : events) {
            state = Evolution.apply(state, event);
        }
        return state;
    }

    @Override
    public CarraraState evolve(CarraraState state, CarraraEvent event) {
        return Evolution.apply(state, event);
    }

    @Override
    public List<CarraraMove> legalMoves(CarraraState state, String player) {
        int seat = state.seatOf(player);
        if (seat != state.current() || state.phase() == Phase.OVER || state.phase() == Phase.AWAITING_VALUATION) {
            return List.of();
        }
        PlayerState me = state.player(seat);
        List<CarraraMove> moves = new ArrayList<>();
        switch (state.phase()) {
            case ACTION -> {
                if (Rules.canRotate(state)) {
                    moves.add(new RotateWheel());
                }
                if (Rules.canSkipRotation(state)) {
                    moves.add(new SkipRotation());
                }
                addBuilds(state, me, moves);
                if (state.hasExpansion()) {
                    addLargeBuilds(state, me, moves);
                    addRenovations(state, me, moves);
                }
                for (BuildingType type : BuildingType.values()) {
                    if (Rules.canValueType(me, type)) {
                        moves.add(new ValueType(type));
                    }
                }
                for (City city : City.values()) {
                    if (Rules.canValueCity(state, me, city)) {
                        moves.add(new ValueCity(city));
                    }
                }
                if (state.hasExpansion()) {
                    for (Category category : Category.values()) {
                        if (Rules.canValueCategory(me, category)) {
                            moves.add(new ValueCategory(category));
                        }
                    }
                }
                if (moves.isEmpty()) {
                    moves.add(new TakeCoins());
                }
                if (!state.endTriggered() && Rules.goalsMet(me)) {
                    moves.add(new DeclareEnd());
                }
            }
            case BUYING_STONES -> {
                for (int section = 1; section <= CarraraData.SECTIONS; section++) {
                    for (List<Stone> stones : Rules.purchases(state.wheel().get(section - 1), section, me.coins())) {
                        moves.add(new BuyStones(section, stones));
                    }
                }
                if (moves.isEmpty()) {
                    moves.add(me.coins() == 0 ? new TakeCoins() : new BuyNothing());
                }
            }
            case CHOOSING_UPGRADE -> {
                for (Upgrade upgrade : Upgrade.values()) {
                    if (state.expansion().upgradesLeft().contains(upgrade)) {
                        moves.add(new TakeUpgrade(upgrade));
                    }
                }
            }
            case AFTER_ACTION -> {
                if (me.coins() >= CarraraData.OBJECT_PRICE) {
                    for (ObjectKind object : ObjectKind.values()) {
                        if (state.market().contains(object)) {
                            moves.add(new BuyObject(object));
                        }
                    }
                }
                moves.add(new EndTurn());
            }
            default -> throw new IllegalStateException("unreachable phase " + state.phase());
        }
        return moves;
    }

    private static void addBuilds(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        for (City city : City.values()) {
            Stones usable = Rules.acceptedStones(me.stones(), city);
            Map<Integer, List<List<Stone>>> paymentsByCost = new HashMap<>();
            for (Tile tile : state.display()) {
                if (tile.cost() <= usable.total()) {
                    for (List<Stone> payment : paymentsByCost.computeIfAbsent(tile.cost(),
                            cost -> Rules.payments(usable, cost))) {
                        moves.add(new Build(tile.type(), tile.cost(), city, payment));
                    }
                }
            }
        }
    }

    private static void addLargeBuilds(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        if (state.expansion().largeBuildings().isEmpty()) {
            return;
        }
        for (City city : City.values()) {
            Stones usable = Rules.acceptedStones(me.stones(), city);
            if (usable.total() >= CarraraData.LARGE_COST) {
                for (List<Stone> payment : Rules.payments(usable, CarraraData.LARGE_COST)) {
                    for (Tile tile : state.expansion().largeBuildings()) {
                        moves.add(new BuildLarge(tile.type(), city, payment));
                    }
                }
            }
        }
    }

    private static void addRenovations(CarraraState state, PlayerState me, List<CarraraMove> moves) {
        for (Building old : me.buildings()) {
            Stones usable = Rules.acceptedStones(me.stones(), old.city());
            Map<Integer, List<List<Stone>>> paymentsByCount = new HashMap<>();
            for (Tile tile : state.display()) {
                int count = CarraraData.renovationStones(old.cost(), tile.cost());
                if (tile.cost() > old.cost() && count <= usable.total()) {
                    for (List<Stone> payment : paymentsByCount.computeIfAbsent(count, n -> Rules.payments(usable, n))) {
                        moves.add(new Renovate(tile.type(), tile.cost(),
                                new Renovate.Replaced(old.type(), old.cost()), payment));
                    }
                }
            }
        }
    }

    @Override
    public CarraraView view(CarraraState state, String viewer) {
        return CarraraView.of(state, viewer);
    }

    @Override
    public boolean isOver(CarraraState state) {
        return state.phase() == Phase.OVER;
    }
}
