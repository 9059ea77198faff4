package dev.tessera.game.carrara;

import com.fasterxml.jackson.databind.JsonNode;

import static dev.tessera.game.carrara.Fixture.ENGINE;
import static dev.tessera.game.carrara.Fixture.accepted;
import static dev.tessera.game.carrara.Fixture.apply;
import static dev.tessera.game.carrara.Fixture.assertRejected;
import static dev.tessera.game.carrara.Fixture.play;
import static dev.tessera.game.carrara.Fixture.setup;
import static dev.tessera.game.carrara.Fixture.start;
import static dev.tessera.game.carrara.Fixture.withBuilt;
import static dev.tessera.game.carrara.Fixture.withHoldings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.carrara.BuildingBuilt;
import dev.tessera.events.carrara.BuildingRevealed;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.CoinsTaken;
import dev.tessera.events.carrara.EndDeclared;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.ObjectBought;
import dev.tessera.events.carrara.StonePurchaseSkipped;
import dev.tessera.events.carrara.StonesBought;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.carrara.WheelRotated;
import dev.tessera.game.carrara.CarraraMove.Build;
import dev.tessera.game.carrara.CarraraMove.BuyNothing;
import dev.tessera.game.carrara.CarraraMove.BuyObject;
import dev.tessera.game.carrara.CarraraMove.BuyStones;
import dev.tessera.game.carrara.CarraraMove.DeclareEnd;
import dev.tessera.game.carrara.CarraraMove.EndTurn;
import dev.tessera.game.carrara.CarraraMove.RotateWheel;
import dev.tessera.game.carrara.CarraraMove.TakeCoins;
import dev.tessera.game.carrara.CarraraMove.ValueCity;
import dev.tessera.game.carrara.CarraraMove.ValueType;
import dev.tessera.game.rules.GameSetup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CarraraEngineTest {

    private static final Stones ONE_OF_EACH = new Stones(1, 1, 1, 1, 1, 1);

    private static Stones whites(int n) {
        return new Stones(n, 0, 0, 0, 0, 0);
    }

    private static List<Stones> wheel(Stones... sections) {
        List<Stones> wheel = new ArrayList<>(List.of(sections));
        while (wheel.size() < 6) {
            wheel.add(Stones.NONE);
        }
        return wheel;
    }

    /** Ann in the stone-buying step with {@code coins}, the wheel as given (the bag keeps the rest). */
    private static CarraraState buying(int coins, Stones... sections) {
        CarraraState s = start(2);
        List<Stones> w = wheel(sections);
        Stones bag = s.bag().plus(s.wheelStones()).minus(w.stream().reduce(Stones.NONE, Stones::plus));
        s = s.withWheel(w, bag, 1).withPhase(Phase.BUYING_STONES);
        return withHoldings(s, 0, coins, s.player(0).stones());
    }

    private static CarraraState afterAction(int coins) {
        CarraraState s = start(2).withPhase(Phase.AFTER_ACTION);
        return withHoldings(s, 0, coins, s.player(0).stones());
    }

    // --- set-up ---

    @Test
    void setUpGivesCoinsStartingStonesAndFillsBoard() {
        CarraraState s = start(4);

        assertEquals(List.of(20, 20, 20, 20), s.players().stream().map(PlayerState::coins).toList());
        assertEquals(List.of(Stones.NONE.plus(Stone.BLACK), Stones.NONE.plus(Stone.BLUE), Stones.NONE.plus(Stone.GREEN),
                Stones.NONE.plus(Stone.RED)), s.players().stream().map(PlayerState::stones).toList());
        assertEquals(wheel(ONE_OF_EACH), s.wheel());
        assertEquals(42 - 6 - 4, s.bag().total());
        assertEquals(9, s.display().size());
        assertEquals(21, s.pile().size());
        List<Tile> all = new ArrayList<>(s.display());
        all.addAll(s.pile());
        assertEquals(new HashSet<>(CarraraData.tiles()), new HashSet<>(all));
        assertEquals(EnumSet.allOf(ObjectKind.class), s.market());
        assertTrue(s.supply().values().stream().allMatch(n -> n == 5));
        assertEquals(Phase.ACTION, s.phase());
        assertEquals(0, s.current());
    }

    @Test
    void setUpIsDeterminedBySeed() {
        assertEquals(ENGINE.start(setup(3, 7)), ENGINE.start(setup(3, 7)));
        assertNotEquals(ENGINE.start(setup(3, 7)).display(), ENGINE.start(setup(3, 8)).display());
    }

    @Test
    void twoToFourPlayers() {
        assertThrows(IllegalArgumentException.class, () -> ENGINE.start(setup(1, 1)));
        assertThrows(IllegalArgumentException.class,
                () -> ENGINE.start(new GameSetup(List.of("a", "b", "c", "d", "e"), 1, Map.of())));
        assertThrows(IllegalArgumentException.class,
                () -> ENGINE.start(new GameSetup(List.of("a", "a"), 1, Map.of())));
    }

    // --- buy stones: the wheel ---

    @Test
    void turningTheWheelMovesStonesOnAndRefillsSectionOneToEleven() {
        CarraraState s = start(2);

        List<CarraraEvent> events = accepted(s, "ann", new RotateWheel());

        WheelRotated rotated = assertInstanceOf(WheelRotated.class, events.get(0));
        assertEquals(1, events.size());
        assertEquals(5, rotated.drawn().size());
        assertEquals(29, rotated.bagLeft());
        CarraraState after = apply(s, events);
        assertEquals(ONE_OF_EACH, after.wheel().get(1));
        assertEquals(Stones.of(rotated.drawn().stream().map(Stone::of).toList()), after.wheel().get(0));
        assertEquals(29, after.bag().total());
        assertEquals(Phase.BUYING_STONES, after.phase());
    }

    @Test
    void stonesOnSectionSixComeRoundToSectionOne() {
        CarraraState s = buying(20, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, whites(2))
                .withPhase(Phase.ACTION);

        CarraraState after = play(s, "ann", new RotateWheel());

        assertEquals(11, after.wheel().get(0).total());
        assertTrue(after.wheel().get(0).white() >= 2);
        assertEquals(Stones.NONE, after.wheel().get(5));
    }

    @Test
    void aFullWheelDrawsNothing() {
        CarraraState s = buying(20, new Stones(2, 2, 2, 2, 2, 1)).withPhase(Phase.ACTION);

        WheelRotated rotated = (WheelRotated) accepted(s, "ann", new RotateWheel()).get(0);

        assertEquals(List.of(), rotated.drawn());
    }

    @Test
    void theWheelCannotTurnWhenItAndTheBagAreEmpty() {
        CarraraState s = start(2);
        s = s.withWheel(wheel(), Stones.NONE, 0);

        assertRejected("wheel-empty", s, "ann", new RotateWheel());
    }

    // --- buy stones: the purchase ---

    @Test
    void stonesCostTheirSectionsPriceAndTheTurnEndsWhenNoObjectIsAffordable() {
        CarraraState s = buying(12, Stones.NONE, ONE_OF_EACH);

        List<CarraraEvent> events = accepted(s, "ann", new BuyStones(2, List.of(Stone.WHITE, Stone.BLACK)));

        assertEquals(List.of(new StonesBought("ann", 2, List.of("white", "black"), 5), new TurnEnded("ann", "bob")),
                events);
        CarraraState after = apply(s, events);
        assertEquals(7, after.player(0).coins());
        assertEquals(Stones.NONE.plus(Stone.BLACK).plus(Stone.WHITE).plus(Stone.BLACK), after.player(0).stones());
        assertEquals(new Stones(0, 1, 1, 1, 1, 0), after.wheel().get(1));
        assertEquals(1, after.current());
        assertEquals(Phase.ACTION, after.phase());
    }

    @Test
    void freeStonesCostNothingAndWithTenCoinsTheObjectPurchaseFollows() {
        CarraraState s = buying(20, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, ONE_OF_EACH);

        List<CarraraEvent> events = accepted(s, "ann", new BuyStones(6, List.of(Stone.YELLOW, Stone.BLUE)));

        assertEquals(List.of(new StonesBought("ann", 6, List.of("yellow", "blue"), 0)), events);
        CarraraState after = apply(s, events);
        assertEquals(Phase.AFTER_ACTION, after.phase());
        assertEquals(7, ENGINE.legalMoves(after, "ann").size());
    }

    @Test
    void aSectionMustExist() {
        assertRejected("no-such-section", buying(20, ONE_OF_EACH), "ann", new BuyStones(7, List.of(Stone.BLACK)));
    }

    @Test
    void atLeastOneStoneMustBeChosen() {
        assertRejected("no-stones-chosen", buying(20, ONE_OF_EACH), "ann", new BuyStones(1, List.of()));
    }

    @Test
    void onlyStonesOnTheChosenSectionCanBeBought() {
        CarraraState s = buying(20, ONE_OF_EACH);
        assertRejected("stones-not-on-wheel", s, "ann", new BuyStones(2, List.of(Stone.BLACK)));
        assertRejected("stones-not-on-wheel", s, "ann", new BuyStones(1, List.of(Stone.BLACK, Stone.BLACK)));
    }

    @Test
    void stonesMustBeAffordable() {
        assertRejected("not-enough-coins", buying(4, Stones.NONE, ONE_OF_EACH), "ann",
                new BuyStones(2, List.of(Stone.WHITE)));
    }

    @Test
    void buyingNothingIsOnlyForWhenNoStoneIsAffordable() {
        assertRejected("must-buy-a-stone", buying(20, ONE_OF_EACH), "ann", new BuyNothing());

        CarraraState poor = buying(1, whites(1));
        assertEquals(List.of(new BuyNothing()), ENGINE.legalMoves(poor, "ann"));
        assertEquals(List.of(new StonePurchaseSkipped("ann"), new TurnEnded("ann", "bob")),
                accepted(poor, "ann", new BuyNothing()));
    }

    @Test
    void withoutCoinsAndFreeStonesThePlayerRevealsAndTakesTwoCoins() {
        CarraraState s = buying(0, whites(1));
        assertRejected("must-take-coins", s, "ann", new BuyNothing());
        assertEquals(List.of(new TakeCoins()), ENGINE.legalMoves(s, "ann"));

        List<CarraraEvent> events = accepted(s, "ann", new TakeCoins());

        assertEquals(new CoinsTaken("ann", 2, 0, s.player(0).stones().byColour()), events.get(0));
        assertEquals(2, apply(s, events).player(0).coins());
    }

    @Test
    void coinsCannotBeTakenWhileAStoneIsAffordable() {
        assertRejected("take-coins-not-allowed", buying(0, Stones.NONE, Stones.NONE, Stones.NONE, new Stones(0, 0, 0, 1, 0, 0)),
                "ann", new TakeCoins());
        assertRejected("take-coins-not-allowed", buying(3, whites(1)), "ann", new TakeCoins());
        assertRejected("take-coins-not-allowed", start(2), "ann", new TakeCoins());
    }

    @Test
    void whenNoActionIsPossibleThePlayerTakesTwoCoins() {
        // given an empty wheel and bag, no stones to build with and nothing to value
        CarraraState s = start(2);
        s = withHoldings(s, 0, 5, Stones.NONE).withWheel(wheel(), Stones.NONE, 0);

        assertEquals(List.of(new TakeCoins()), ENGINE.legalMoves(s, "ann"));
        List<CarraraEvent> events = accepted(s, "ann", new TakeCoins());

        assertEquals(List.of(new CoinsTaken("ann", 2, 5, Stones.NONE.byColour()), new TurnEnded("ann", "bob")), events);
    }

    // --- build ---

    @Test
    void buildingTakesTheTilePaysStonesIntoTheBagAndRefillsTheDisplay() {
        CarraraState s = start(2);
        Tile tile = s.display().get(0);
        Tile top = s.pile().get(0);
        s = withHoldings(s, 0, 20, whites(tile.cost()));
        List<Stone> payment = Collections.nCopies(tile.cost(), Stone.WHITE);

        List<CarraraEvent> events = accepted(s, "ann", new Build(tile.type(), tile.cost(), City.LIVORNO, payment));

        assertEquals(List.of(
                new BuildingBuilt("ann", tile.type().id(), CarraraData.category(tile.type()).id(), tile.cost(),
                        CarraraData.object(tile.type()).id(), "Livorno", payment.stream().map(Stone::id).toList()),
                new BuildingRevealed(top.type().id(), CarraraData.category(top.type()).id(), top.cost(),
                        CarraraData.object(top.type()).id(), 20)), events);
        CarraraState after = apply(s, events);
        assertEquals(List.of(new Building(tile.type(), tile.cost(), City.LIVORNO)), after.player(0).buildings());
        assertEquals(Stones.NONE, after.player(0).stones());
        assertEquals(s.bag().plus(whites(tile.cost())), after.bag());
        assertEquals(9, after.display().size());
        assertTrue(after.display().contains(top));
        assertFalse(after.display().contains(tile));
        assertEquals(Phase.AFTER_ACTION, after.phase());
    }

    @Test
    void anEmptyPileLeavesTheDisplayShort() {
        CarraraState s = start(2);
        s = s.withTiles(s.display(), List.of());
        s = withHoldings(s, 0, 0, new Stones(0, 0, 0, 0, 0, 0).plus(Stone.BLACK).plus(Stone.BLACK).plus(Stone.BLACK)
                .plus(Stone.BLACK).plus(Stone.BLACK));
        Tile tile = s.display().get(0);

        List<CarraraEvent> events = accepted(s, "ann", new Build(tile.type(), tile.cost(), City.LERICI,
                Collections.nCopies(tile.cost(), Stone.BLACK)));

        assertEquals(List.of(BuildingBuilt.class, TurnEnded.class), events.stream().map(Object::getClass).toList());
        assertEquals(8, apply(s, events).display().size());
    }

    @Test
    void onlyDisplayedBuildingsCanBeBuilt() {
        CarraraState s = start(2);
        Tile hidden = s.pile().get(0);
        s = withHoldings(s, 0, 20, whites(hidden.cost()));

        assertRejected("building-not-available", s, "ann",
                new Build(hidden.type(), hidden.cost(), City.LIVORNO, Collections.nCopies(hidden.cost(), Stone.WHITE)));
    }

    @Test
    void theStonesPaidMustMatchTheCost() {
        CarraraState s = start(2);
        Tile tile = s.display().get(0);
        s = withHoldings(s, 0, 20, whites(6));

        assertRejected("wrong-stone-count", s, "ann",
                new Build(tile.type(), tile.cost(), City.LIVORNO, Collections.nCopies(tile.cost() + 1, Stone.WHITE)));
    }

    @Test
    void aCityAcceptsOnlyItsColourAndMoreExpensiveOnes() {
        CarraraState s = start(2);
        Tile tile = s.display().get(0);
        s = withHoldings(s, 0, 20, new Stones(0, 5, 0, 0, 0, 0));
        List<Stone> yellows = Collections.nCopies(tile.cost(), Stone.YELLOW);

        assertRejected("stone-not-allowed", s, "ann", new Build(tile.type(), tile.cost(), City.LIVORNO, yellows));
        accepted(s, "ann", new Build(tile.type(), tile.cost(), City.PISA, yellows));
    }

    @Test
    void thePlayerMustHoldTheStones() {
        CarraraState s = start(2);
        Tile tile = s.display().get(0);
        s = withHoldings(s, 0, 20, whites(tile.cost() - 1));

        assertRejected("stones-not-held", s, "ann",
                new Build(tile.type(), tile.cost(), City.LIVORNO, Collections.nCopies(tile.cost(), Stone.WHITE)));
    }

    @Test
    void theThirtiethBuildingEndsTheGameAfterTheRound() {
        // given 29 buildings built and ann about to build the last one
        CarraraState s = start(2);
        List<Tile> tiles = new ArrayList<>(s.display());
        tiles.addAll(s.pile());
        Tile last = tiles.remove(0);
        for (int i = 0; i < tiles.size(); i++) {
            s = withBuilt(s, i % 2, new Building(tiles.get(i).type(), tiles.get(i).cost(), City.LERICI));
        }
        assertEquals(List.of(last), s.display());
        s = withHoldings(s, 0, 0, new Stones(5, 0, 0, 0, 0, 0));

        List<CarraraEvent> events = accepted(s, "ann", new Build(last.type(), last.cost(), City.LIVORNO,
                Collections.nCopies(last.cost(), Stone.WHITE)));
        s = apply(s, events);

        assertEquals(new TurnEnded("ann", "bob"), events.get(events.size() - 1));
        assertTrue(s.endTriggered());
        assertFalse(ENGINE.isOver(s));
        // when bob takes his turn too, the round is complete
        s = play(s, "bob", new RotateWheel());
        s = withHoldings(s, 1, 0, s.player(1).stones());
        List<CarraraEvent> bobs = accepted(s, "bob", ENGINE.legalMoves(s, "bob").get(0));
        GameFinished ended = assertInstanceOf(GameFinished.class, bobs.get(bobs.size() - 1));
        assertEquals("buildings-exhausted", ended.reason());
        assertNull(ended.declaredBy());
        assertEquals(List.of("ann", "bob"), ended.players().stream().map(GameFinished.Tally::player).toList());
        assertEquals(30, ended.players().stream().mapToInt(GameFinished.Tally::buildings).sum());
        CarraraState over = apply(s, bobs);
        assertTrue(ENGINE.isOver(over));
        assertRejected("game-over", over, "ann", new RotateWheel());
        assertEquals(List.of(), ENGINE.legalMoves(over, "ann"));
    }

    // --- valuation ---

    private static CarraraState annWithPalazzi() {
        return withBuilt(start(2), 0, new Building(BuildingType.PALAZZO, 3, City.LIVORNO),
                new Building(BuildingType.PALAZZO, 2, City.PISA), new Building(BuildingType.VILLA, 1, City.PISA));
    }

    @Test
    void aTypeValuationRequestsScoringWithEverythingTheScorerNeeds() {
        CarraraState s = annWithPalazzi();

        List<CarraraEvent> events = accepted(s, "ann", new ValueType(BuildingType.PALAZZO));

        assertEquals(List.of(new ValuationRequested(1, "ann", "type", "Palazzo",
                List.of(new ValuationRequested.Building("Livorno", "Palazzo", 3, "crown", 0),
                        new ValuationRequested.Building("Pisa", "Palazzo", 2, "crown", 0)),
                List.of(new ValuationRequested.City("Livorno", 3, "vp"), new ValuationRequested.City("Pisa", 3, "coins")),
                Map.of("gate", 5, "crown", 5, "coat-of-arms", 5, "book", 5, "flag", 5, "cup", 5))), events);
    }

    @Test
    void whileAwaitingAValuationEveryMoveIsRejectedAndNoneIsLegal() {
        CarraraState s = play(annWithPalazzi(), "ann", new ValueType(BuildingType.PALAZZO));

        assertEquals(Phase.AWAITING_VALUATION, s.phase());
        assertEquals(5, CarraraData.VALUATION_MARKERS - s.player(0).markersUsed());
        for (CarraraMove move : List.of(new RotateWheel(), new EndTurn(), new BuyObject(ObjectKind.CUP),
                new ValueType(BuildingType.VILLA), new TakeCoins())) {
            assertRejected("awaiting-valuation", s, "ann", move);
            assertRejected("awaiting-valuation", s, "bob", move);
        }
        assertEquals(List.of(), ENGINE.legalMoves(s, "ann"));
        assertEquals(List.of(), ENGINE.legalMoves(s, "bob"));
    }

    @Test
    void theScoredValuationPaysAndPlayResumes() {
        CarraraState s = play(annWithPalazzi(), "ann", new ValueType(BuildingType.PALAZZO));

        s = ENGINE.evolve(s, new ValuationScored(1, "ann", "type", "Palazzo", 9, 6, List.of("crown", "crown")));

        PlayerState ann = s.player(0);
        assertEquals(9, ann.vp());
        assertEquals(26, ann.coins());
        assertEquals(2, ann.objects().get(ObjectKind.CROWN));
        assertEquals(3, s.supply().get(ObjectKind.CROWN));
        assertEquals(Phase.AFTER_ACTION, s.phase());
        assertNull(s.pending());
        assertEquals(List.of(new TurnEnded("ann", "bob")), accepted(s, "ann", new EndTurn()));
    }

    @Test
    void anAnswerToNoPendingValuationIsACorruptStream() {
        CarraraState s = play(annWithPalazzi(), "ann", new ValueType(BuildingType.PALAZZO));

        assertThrows(IllegalArgumentException.class,
                () -> ENGINE.evolve(s, new ValuationScored(2, "ann", "type", "Palazzo", 9, 6, List.of())));
        assertThrows(IllegalArgumentException.class,
                () -> ENGINE.evolve(start(2), new ValuationScored(1, "ann", "type", "Palazzo", 9, 6, List.of())));
    }

    @Test
    void eachTypeIsValuedOncePerPlayer() {
        CarraraState s = play(annWithPalazzi(), "ann", new ValueType(BuildingType.PALAZZO));
        s = ENGINE.evolve(s, new ValuationScored(1, "ann", "type", "Palazzo", 9, 6, List.of()));
        s = s.withTurn(0);

        assertRejected("type-already-valued", s, "ann", new ValueType(BuildingType.PALAZZO));
        accepted(s, "ann", new ValueType(BuildingType.VILLA));
    }

    @Test
    void aTypeNeedsABuildingOfIt() {
        assertRejected("no-building-of-type", annWithPalazzi(), "ann", new ValueType(BuildingType.PORTA));
    }

    @Test
    void sixValuationMarkersOnly() {
        CarraraState s = annWithPalazzi();
        PlayerState ann = s.player(0);
        for (int i = 0; i < 6; i++) {
            ann = ann.withMarkerUsed(null, null);
        }
        s = s.withPlayer(0, ann);

        assertRejected("no-valuation-markers", s, "ann", new ValueType(BuildingType.PALAZZO));
        assertRejected("no-valuation-markers", s, "ann", new ValueCity(City.PISA));
    }

    @Test
    void aCityValuationCountsOnlyThatCityAndNeedsItsMinimum() {
        CarraraState s = annWithPalazzi();

        ValuationRequested request = (ValuationRequested) accepted(s, "ann", new ValueCity(City.PISA)).get(0);

        assertEquals("city", request.kind());
        assertEquals(List.of(new ValuationRequested.Building("Pisa", "Palazzo", 2, "crown", 0),
                new ValuationRequested.Building("Pisa", "Villa", 1, "flag", 0)), request.buildings());
        assertEquals(List.of(new ValuationRequested.City("Pisa", 3, "coins")), request.cities());
        assertRejected("too-few-buildings", s, "ann", new ValueCity(City.LIVORNO));
    }

    @Test
    void aCityIsValuedOnlyOnceByAllPlayers() {
        CarraraState s = play(annWithPalazzi(), "ann", new ValueCity(City.PISA));
        s = ENGINE.evolve(s, new ValuationScored(1, "ann", "city", "Pisa", 0, 9, List.of("crown", "flag")));
        s = withBuilt(s, 1, new Building(BuildingType.PORTA, 1, City.PISA), new Building(BuildingType.PORTA, 2, City.PISA))
                .withTurn(1);

        assertRejected("city-already-valued", s, "bob", new ValueCity(City.PISA));
    }

    // --- declaring the end ---

    private static CarraraState bobMeetsTheGoals(int players) {
        CarraraState s = withBuilt(start(players), 1, new Building(BuildingType.PALAZZO, 5, City.LERICI),
                new Building(BuildingType.PORTA, 5, City.LERICI), new Building(BuildingType.VILLA, 5, City.LERICI),
                new Building(BuildingType.CASTELLO, 5, City.LERICI));
        PlayerState bob = s.player(1);
        for (int i = 0; i < 4; i++) {
            bob = bob.withMarkerUsed(null, null);
        }
        bob = bob.withObjects(List.of(ObjectKind.CUP, ObjectKind.CUP, ObjectKind.GATE, ObjectKind.BOOK, ObjectKind.FLAG));
        return s.withPlayer(1, bob).withTurn(1);
    }

    @Test
    void onlyAPlayerWhoMetTheGoalsDeclaresTheEnd() {
        assertRejected("goals-not-met", start(2), "ann", new DeclareEnd());
        // given bob one object short of the goal
        CarraraState s = bobMeetsTheGoals(2);
        PlayerState bob = s.player(1);
        s = s.withPlayer(1, new PlayerState(bob.name(), bob.coins(), bob.vp(), bob.stones(), bob.buildings(),
                Counts.add(bob.objects(), List.of(ObjectKind.CUP), -1), bob.typesValued(), bob.markersUsed(),
                bob.categoriesValued(), bob.upgrades()));

        assertRejected("goals-not-met", s, "bob", new DeclareEnd());
        assertFalse(ENGINE.legalMoves(s, "bob").contains(new DeclareEnd()));
    }

    @Test
    void declaringTheEndScoresFiveAndTheRoundIsCompleted() {
        CarraraState s = bobMeetsTheGoals(3);
        assertTrue(ENGINE.legalMoves(s, "bob").contains(new DeclareEnd()));

        List<CarraraEvent> events = accepted(s, "bob", new DeclareEnd());
        s = apply(s, events);

        assertEquals(List.of(new EndDeclared("bob", 5)), events);
        assertEquals(5, s.player(1).vp());
        assertEquals(Phase.ACTION, s.phase());
        assertRejected("end-already-triggered", s, "bob", new DeclareEnd());
        // bob still takes his action; cat, the last seat, completes the round
        s = play(s, "bob", new RotateWheel());
        s = play(s, "bob", ENGINE.legalMoves(s, "bob").get(0));
        while (s.current() == 1) {
            s = play(s, "bob", new EndTurn());
        }
        assertFalse(ENGINE.isOver(s));
        s = play(s, "cat", new RotateWheel());
        s = play(s, "cat", ENGINE.legalMoves(s, "cat").get(0));
        assertEquals(Phase.AFTER_ACTION, s.phase(), "cat still has coins for an object");
        List<CarraraEvent> last = accepted(s, "cat", new EndTurn());
        s = apply(s, last);
        assertTrue(ENGINE.isOver(s));
        GameFinished ended = (GameFinished) last.get(last.size() - 1);
        assertEquals("declared", ended.reason());
        assertEquals("bob", ended.declaredBy());
    }

    // --- the extra purchase ---

    @Test
    void anObjectCostsTenAndEndsTheTurn() {
        CarraraState s = afterAction(15);

        List<CarraraEvent> events = accepted(s, "ann", new BuyObject(ObjectKind.CROWN));

        assertEquals(List.of(new ObjectBought("ann", "crown", 10), new TurnEnded("ann", "bob")), events);
        CarraraState after = apply(s, events);
        assertEquals(5, after.player(0).coins());
        assertEquals(1, after.player(0).objects().get(ObjectKind.CROWN));
        assertFalse(after.market().contains(ObjectKind.CROWN));
        assertEquals(5, after.supply().get(ObjectKind.CROWN));
    }

    @Test
    void eachObjectOnTheBoardIsSoldOnce() {
        CarraraState s = apply(afterAction(30), accepted(afterAction(30), "ann", new BuyObject(ObjectKind.CROWN)));
        s = s.withTurn(0).withPhase(Phase.AFTER_ACTION);

        assertRejected("object-not-available", s, "ann", new BuyObject(ObjectKind.CROWN));
        assertFalse(ENGINE.legalMoves(s, "ann").contains(new BuyObject(ObjectKind.CROWN)));
    }

    @Test
    void anObjectMustBeAffordable() {
        CarraraState s = afterAction(9);

        assertRejected("not-enough-coins", s, "ann", new BuyObject(ObjectKind.CUP));
        assertEquals(List.of(new EndTurn()), ENGINE.legalMoves(s, "ann"));
    }

    // --- turn order and phases ---

    @Test
    void onlyTheCurrentPlayerMoves() {
        assertRejected("not-your-turn", start(2), "bob", new RotateWheel());
        assertEquals(List.of(), ENGINE.legalMoves(start(2), "bob"));
    }

    @Test
    void strangersCannotMove() {
        assertRejected("not-a-player", start(2), "eve", new RotateWheel());
    }

    @Test
    void movesBelongToTheirStepOfTheTurn() {
        assertRejected("wrong-phase", start(2), "ann", new BuyStones(1, List.of(Stone.BLACK)));
        assertRejected("wrong-phase", start(2), "ann", new EndTurn());
        assertRejected("wrong-phase", buying(20, ONE_OF_EACH), "ann", new RotateWheel());
        assertRejected("wrong-phase", afterAction(20), "ann", new ValueType(BuildingType.PALAZZO));
    }

    @Test
    void endingTheTurnPassesItOnAndWrapsRound() {
        CarraraState s = afterAction(20).withTurn(1).withPhase(Phase.AFTER_ACTION);

        assertEquals(List.of(new TurnEnded("bob", "ann")), accepted(s, "bob", new EndTurn()));
    }

    // --- views ---

    @Test
    void coinsAreHiddenBehindTheScreenAndTheBagIsOnlyCounted() throws Exception {
        CarraraState s = start(3);

        CarraraView forAnn = ENGINE.view(s, "ann");
        CarraraView forSpectator = ENGINE.view(s, null);

        assertEquals(20, forAnn.players().get(0).coins());
        assertNull(forAnn.players().get(1).coins());
        assertTrue(forSpectator.players().stream().allMatch(p -> p.coins() == null));
        assertEquals(s.bag().total(), forAnn.bag());
        String json = Fixture.JSON.writeValueAsString(forSpectator);
        assertFalse(json.contains("\"seed\""), json);
        assertTrue(json.contains("\"coins\":null"), json);
        assertFalse(json.contains("\"empty\""), json);
    }

    @Test
    void theViewNamesEachSectionsPricesSoThatAClientNeedsNoTableOfItsOwn() throws Exception {
        JsonNode prices = Fixture.JSON.valueToTree(ENGINE.view(start(2), null)).get("prices");

        assertEquals(6, prices.size());
        for (int section = 1; section <= 6; section++) {
            for (Stone stone : Stone.values()) {
                assertEquals(CarraraData.price(section, stone), prices.get(section - 1).get(stone.id()).asInt());
            }
        }
        assertEquals(6, prices.get(0).get("white").asInt());
        assertEquals(0, prices.get(5).get("black").asInt());
    }
}
