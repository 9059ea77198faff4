package dev.tessera.game.carrara;

import static dev.tessera.game.carrara.Fixture.ENGINE;
import static dev.tessera.game.carrara.Fixture.accepted;
import static dev.tessera.game.carrara.Fixture.apply;
import static dev.tessera.game.carrara.Fixture.assertRejected;
import static dev.tessera.game.carrara.Fixture.play;
import static dev.tessera.game.carrara.Fixture.start;
import static dev.tessera.game.carrara.Fixture.startExpansion;
import static dev.tessera.game.carrara.Fixture.withBuilt;
import static dev.tessera.game.carrara.Fixture.withHoldings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tessera.events.carrara.BuildingRenovated;
import dev.tessera.events.carrara.BuildingRevealed;
import dev.tessera.events.carrara.CarraraEvent;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.LargeBuildingBuilt;
import dev.tessera.events.carrara.RotationSkipped;
import dev.tessera.events.carrara.TurnEnded;
import dev.tessera.events.carrara.UpgradeTaken;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.game.carrara.CarraraMove.BuildLarge;
import dev.tessera.game.carrara.CarraraMove.BuyStones;
import dev.tessera.game.carrara.CarraraMove.EndTurn;
import dev.tessera.game.carrara.CarraraMove.Renovate;
import dev.tessera.game.carrara.CarraraMove.RotateWheel;
import dev.tessera.game.carrara.CarraraMove.SkipRotation;
import dev.tessera.game.carrara.CarraraMove.TakeUpgrade;
import dev.tessera.game.carrara.CarraraMove.ValueCategory;
import dev.tessera.game.carrara.CarraraMove.ValueCity;
import dev.tessera.game.carrara.CarraraMove.ValueType;
import dev.tessera.game.rules.GameSetup;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The expansion's rules (game-service/docs/carrara.md, "The expansion"), each move and each rejection. */
class CarraraExpansionTest {

    private static final List<CarraraMove> EXPANSION_MOVES = List.of(new SkipRotation(),
            new BuildLarge(BuildingType.VILLA, City.LERICI, Collections.nCopies(8, Stone.BLACK)),
            new TakeUpgrade(Upgrade.MASSA),
            new Renovate(BuildingType.PALAZZO, 4, new Renovate.Replaced(BuildingType.PORTA, 2), List.of(Stone.WHITE)),
            new ValueCategory(Category.LAND));

    /** Eight stones a player can hold beside the wheel's and the others' (seven of each colour exist). */
    private static final Stones EIGHT = new Stones(2, 2, 2, 0, 0, 2);

    private static List<Stone> eight() {
        return EIGHT.toList();
    }

    private static List<Stone> blacks(int n) {
        return Collections.nCopies(n, Stone.BLACK);
    }

    private static Stones blackStones(int n) {
        return new Stones(0, 0, 0, 0, 0, n);
    }

    // --- set-up and the option ---

    @Test
    void theExpansionAddsTheExtraBoardAndDealsTheBasicGameAsWithoutIt() {
        CarraraState basic = start(3);
        CarraraState expansion = ENGINE.start(Fixture.expansionSetup(3, 42));

        assertNull(basic.expansion());
        assertEquals(CarraraData.largeBuildings(), expansion.expansion().largeBuildings());
        assertEquals(6, expansion.expansion().largeBuildings().size());
        assertTrue(expansion.expansion().largeBuildings().stream().allMatch(t -> t.cost() == 8));
        assertEquals(EnumSet.allOf(Upgrade.class), expansion.expansion().upgradesLeft());
        assertEquals(8, expansion.expansion().upgradesLeft().size());
        assertNotNull(expansion.expansion().bonusCard());
        // the same seed deals the same display, pile, wheel and bag: the expansion draws after the basic game
        assertEquals(basic.display(), expansion.display());
        assertEquals(basic.pile(), expansion.pile());
        assertEquals(basic.wheel(), expansion.wheel());
        assertEquals(basic.players(), expansion.players());
    }

    @Test
    void theBonusCardComesFromTheSeed() {
        Set<BonusCard> drawn = EnumSet.noneOf(BonusCard.class);
        for (long seed = 0; seed < 50; seed++) {
            CarraraState s = ENGINE.start(Fixture.expansionSetup(2, seed));
            assertEquals(s.expansion().bonusCard(), ENGINE.start(Fixture.expansionSetup(2, seed)).expansion().bonusCard());
            drawn.add(s.expansion().bonusCard());
        }
        assertEquals(EnumSet.allOf(BonusCard.class), drawn);
    }

    @Test
    void theOptionIsTrueOrFalseAndFalseIsTheBasicGame() {
        assertNull(ENGINE.start(new GameSetup(List.of("ann", "bob"), 1, Map.of("expansion", "false"))).expansion());
        assertThrows(IllegalArgumentException.class,
                () -> ENGINE.start(new GameSetup(List.of("ann", "bob"), 1, Map.of("expansion", "yes"))));
    }

    @Test
    void withoutTheExpansionItsMovesAreRejectedAndNeverLegal() {
        CarraraState s = withHoldings(start(2), 0, 20, EIGHT);
        for (CarraraMove move : EXPANSION_MOVES) {
            assertRejected("expansion-not-in-play", s, "ann", move);
            assertRejected("expansion-not-in-play", s, "bob", move);
        }
        assertTrue(ENGINE.legalMoves(s, "ann").stream().noneMatch(m -> EXPANSION_MOVES.stream()
                .anyMatch(e -> e.getClass() == m.getClass())));
    }

    // --- buying stones without turning the wheel ---

    @Test
    void skippingTheRotationDrawsNothingAndKeepsThePrices() {
        CarraraState s = startExpansion(2);
        assertTrue(ENGINE.legalMoves(s, "ann").contains(new SkipRotation()));

        List<CarraraEvent> events = accepted(s, "ann", new SkipRotation());
        CarraraState after = apply(s, events);

        assertEquals(List.of(new RotationSkipped("ann")), events);
        assertEquals(Phase.BUYING_STONES, after.phase());
        assertEquals(s.wheel(), after.wheel());
        assertEquals(s.bag(), after.bag());
        assertEquals(s.draws(), after.draws());
        // section I keeps section I's prices: white costs 6
        after = play(after, "ann", new BuyStones(1, List.of(Stone.WHITE)));
        assertEquals(CarraraData.START_COINS - 6, after.player(0).coins());
    }

    @Test
    void theRotationCanOnlyBeSkippedWithStonesOnTheWheel() {
        CarraraState s = startExpansion(2);
        s = s.withWheel(Collections.nCopies(6, Stones.NONE), s.bag().plus(s.wheelStones()), s.draws());

        assertRejected("wheel-empty", s, "ann", new SkipRotation());
        assertFalse(ENGINE.legalMoves(s, "ann").contains(new SkipRotation()));
        assertTrue(ENGINE.legalMoves(s, "ann").contains(new RotateWheel()));
    }

    // --- cost-8 buildings and upgrade tiles ---

    @Test
    void aCostEightBuildingTakesEightStonesThenAnUpgradeTile() {
        CarraraState s = withHoldings(startExpansion(2), 0, 5, EIGHT.plus(Stone.GREEN));

        List<CarraraEvent> events = accepted(s, "ann", new BuildLarge(BuildingType.VILLA, City.LERICI, eight()));
        CarraraState after = apply(s, events);

        assertEquals(List.of(new LargeBuildingBuilt("ann", "Villa", "land", 8, "flag", "Lerici",
                List.of("white", "white", "yellow", "yellow", "red", "red", "black", "black"))), events);
        assertEquals(List.of(new Building(BuildingType.VILLA, 8, City.LERICI)), after.player(0).buildings());
        assertEquals(Stones.NONE.plus(Stone.GREEN), after.player(0).stones());
        assertEquals(s.bag().plus(EIGHT), after.bag());
        assertFalse(after.expansion().largeBuildings().contains(new Tile(BuildingType.VILLA, 8)));
        assertEquals(5, after.expansion().largeBuildings().size());
        assertEquals(s.display(), after.display(), "the main board's display is untouched");
        assertEquals(s.pile(), after.pile());
        // the upgrade tile is the only thing left to do
        assertEquals(Phase.CHOOSING_UPGRADE, after.phase());
        assertEquals(Upgrade.values().length, ENGINE.legalMoves(after, "ann").size());
        assertTrue(ENGINE.legalMoves(after, "ann").stream().allMatch(m -> m instanceof TakeUpgrade));
        assertRejected("wrong-phase", after, "ann", new EndTurn());
        assertRejected("wrong-phase", after, "ann", new RotateWheel());

        List<CarraraEvent> taken = accepted(after, "ann", new TakeUpgrade(Upgrade.MASSA));
        CarraraState done = apply(after, taken);

        assertEquals(List.of(new UpgradeTaken("ann", "Massa", 1), new TurnEnded("ann", "bob")), taken);
        assertEquals(Set.of(Upgrade.MASSA), done.player(0).upgrades());
        assertFalse(done.expansion().upgradesLeft().contains(Upgrade.MASSA));
        assertEquals(7, done.expansion().upgradesLeft().size());
    }

    @Test
    void aCostEightBuildingIsPaidAsAnyBuilding() {
        CarraraState s = withHoldings(startExpansion(2), 0, 20, new Stones(0, 0, 0, 0, 4, 5));

        assertRejected("wrong-stone-count", s, "ann", new BuildLarge(BuildingType.VILLA, City.LERICI, blacks(5)));
        assertRejected("stone-not-allowed", s, "ann", new BuildLarge(BuildingType.VILLA, City.MASSA,
                List.of(Stone.BLUE, Stone.BLUE, Stone.BLUE, Stone.BLUE, Stone.BLACK, Stone.BLACK, Stone.BLACK, Stone.BLACK)));
        assertRejected("stones-not-held", s, "ann", new BuildLarge(BuildingType.VILLA, City.LERICI, blacks(8)));
        // 4 blue and 4 of the 5 black stones pay in Lerici, the only city accepting black
        assertTrue(ENGINE.legalMoves(s, "ann").contains(new BuildLarge(BuildingType.VILLA, City.LERICI,
                List.of(Stone.BLUE, Stone.BLUE, Stone.BLUE, Stone.BLUE, Stone.BLACK, Stone.BLACK, Stone.BLACK, Stone.BLACK))));
        assertTrue(ENGINE.legalMoves(s, "ann").stream().filter(m -> m instanceof BuildLarge)
                .allMatch(m -> ((BuildLarge) m).city() == City.LERICI));
    }

    @Test
    void eachCostEightBuildingAndEachUpgradeTileIsTakenOnce() {
        CarraraState s = withHoldings(startExpansion(2), 0, 5, EIGHT);
        s = play(s, "ann", new BuildLarge(BuildingType.VILLA, City.LERICI, eight()));
        s = play(s, "ann", new TakeUpgrade(Upgrade.MASSA));
        s = withHoldings(s, 1, 5, EIGHT);

        assertRejected("building-not-available", s, "bob", new BuildLarge(BuildingType.VILLA, City.LERICI, eight()));
        s = play(s, "bob", new BuildLarge(BuildingType.PORTA, City.LERICI, eight()));
        assertRejected("upgrade-not-available", s, "bob", new TakeUpgrade(Upgrade.MASSA));
        assertFalse(ENGINE.legalMoves(s, "bob").contains(new TakeUpgrade(Upgrade.MASSA)));
    }

    @Test
    void upgradeTilesRaiseTheirCityAndCategoryInTheOwnersValuations() {
        CarraraState s = withBuilt(startExpansion(2), 0, new Building(BuildingType.VILLA, 2, City.MASSA),
                new Building(BuildingType.PALAZZO, 3, City.MASSA), new Building(BuildingType.CASTELLO, 1, City.LERICI));
        s = s.withPlayer(0, s.player(0).withUpgrade(Upgrade.MASSA).withUpgrade(Upgrade.LAND_BUILDINGS));

        ValuationRequested land = (ValuationRequested) accepted(s, "ann", new ValueCategory(Category.LAND)).get(0);

        assertEquals(List.of(new ValuationRequested.Building("Massa", "Villa", 2, "flag", 2),
                new ValuationRequested.Building("Lerici", "Castello", 1, "coat-of-arms", 1)), land.buildings());
        // the board's values, unchanged: the bonus is the player's own
        assertEquals(List.of(new ValuationRequested.City("Massa", 1, "vp"), new ValuationRequested.City("Lerici", 1, "coins")),
                land.cities());
        ValuationRequested palazzi = (ValuationRequested) accepted(s, "ann", new ValueType(BuildingType.PALAZZO)).get(0);
        assertEquals(List.of(new ValuationRequested.Building("Massa", "Palazzo", 3, "crown", 1)), palazzi.buildings());
        // bob's valuations know nothing of ann's tiles
        CarraraState bobs = withBuilt(s, 1, new Building(BuildingType.VILLA, 3, City.MASSA)).withTurn(1);
        ValuationRequested bob = (ValuationRequested) accepted(bobs, "bob", new ValueType(BuildingType.VILLA)).get(0);
        assertEquals(0, bob.buildings().get(0).bonus());
    }

    // --- renovation ---

    private static CarraraState annWithAPorta2InPisa() {
        CarraraState s = startExpansion(2);
        // the display's tile of cost 4 or 5 that ann renovates to
        Tile target = s.display().stream().filter(t -> t.cost() >= 4).findFirst().orElseThrow();
        Tile old = new Tile(BuildingType.PORTA, 2);
        if (target.equals(old)) {
            throw new IllegalStateException("seed 42 changed");
        }
        return withBuilt(s, 0, new Building(BuildingType.PORTA, 2, City.PISA));
    }

    private static Tile displayed(CarraraState s, int minCost) {
        return s.display().stream().filter(t -> t.cost() >= minCost).findFirst().orElseThrow();
    }

    @Test
    void aRenovationReplacesABuildingInItsCityPayingTheDifference() {
        CarraraState s = annWithAPorta2InPisa();
        Tile target = displayed(s, 4);
        int difference = target.cost() - 2;
        s = withHoldings(s, 0, 0, new Stones(0, difference, 0, 0, 0, 0));
        Tile top = s.pile().get(0);
        Renovate move = new Renovate(target.type(), target.cost(), new Renovate.Replaced(BuildingType.PORTA, 2),
                Collections.nCopies(difference, Stone.YELLOW));
        assertTrue(ENGINE.legalMoves(s, "ann").contains(move));

        List<CarraraEvent> events = accepted(s, "ann", move);
        CarraraState after = apply(s, events);

        assertEquals(List.of(new BuildingRenovated("ann", "Pisa", target.type().id(),
                        CarraraData.category(target.type()).id(), target.cost(), CarraraData.object(target.type()).id(),
                        "Porta", 2, Collections.nCopies(difference, "yellow")),
                new BuildingRevealed(top.type().id(), CarraraData.category(top.type()).id(), top.cost(),
                        CarraraData.object(top.type()).id(), s.pile().size() - 1),
                new TurnEnded("ann", "bob")), events);
        assertEquals(List.of(new Building(target.type(), target.cost(), City.PISA)), after.player(0).buildings());
        assertEquals(Stones.NONE, after.player(0).stones());
        assertEquals(s.bag().plus(new Stones(0, difference, 0, 0, 0, 0)), after.bag());
        assertFalse(after.display().contains(target));
        assertTrue(after.display().contains(top));
        // the Porta 2 left the game: on no board, not on the display, not in the pile
        assertFalse(after.display().contains(new Tile(BuildingType.PORTA, 2)));
        assertFalse(after.pile().contains(new Tile(BuildingType.PORTA, 2)));
    }

    @Test
    void aRenovationIsPaidWithStonesItsCityAccepts() {
        CarraraState s = annWithAPorta2InPisa();
        Tile target = displayed(s, 4);
        int difference = target.cost() - 2;
        s = withHoldings(s, 0, 0, new Stones(0, target.cost(), 0, 0, 0, difference));
        Renovate.Replaced porta = new Renovate.Replaced(BuildingType.PORTA, 2);

        assertRejected("wrong-stone-count", s, "ann", new Renovate(target.type(), target.cost(), porta,
                Collections.nCopies(target.cost(), Stone.YELLOW)));
        assertRejected("stone-not-allowed", s, "ann", new Renovate(target.type(), target.cost(), porta,
                blacks(difference)));
        CarraraState poor = withHoldings(s, 0, 0, Stones.NONE);
        assertRejected("stones-not-held", poor, "ann", new Renovate(target.type(), target.cost(), porta,
                Collections.nCopies(difference, Stone.YELLOW)));
    }

    @Test
    void onlyOwnBuildingsAreRenovatedAndOnlyToAHigherCostFromTheDisplay() {
        CarraraState s = annWithAPorta2InPisa();
        s = withHoldings(s, 0, 0, new Stones(5, 0, 0, 0, 0, 0));
        Tile higher = displayed(s, 4);
        Tile lower = s.display().stream().filter(t -> t.cost() <= 2).findFirst().orElseThrow();

        assertRejected("not-your-building", s, "ann", new Renovate(higher.type(), higher.cost(),
                new Renovate.Replaced(BuildingType.PORTA, 3), List.of(Stone.WHITE)));
        assertRejected("renovation-not-higher", s, "ann", new Renovate(lower.type(), lower.cost(),
                new Renovate.Replaced(BuildingType.PORTA, 2), List.of()));
        Tile notDisplayed = s.pile().get(0);
        assertRejected("building-not-available", s, "ann", new Renovate(notDisplayed.type(), notDisplayed.cost(),
                new Renovate.Replaced(BuildingType.PORTA, 2), List.of(Stone.WHITE)));
        assertRejected("building-not-available", s, "ann", new Renovate(BuildingType.VILLA, 8,
                new Renovate.Replaced(BuildingType.PORTA, 2), Collections.nCopies(6, Stone.WHITE)));
        assertTrue(ENGINE.legalMoves(s, "ann").stream().filter(m -> m instanceof Renovate).map(m -> (Renovate) m)
                .allMatch(r -> r.cost() > 2 && r.replaces().equals(new Renovate.Replaced(BuildingType.PORTA, 2))));
    }

    @Test
    void theMainBoardRunningOutEndsTheGameEvenAfterRenovations() {
        // given every main-board tile but one built, one of them renovated away: the board is what counts
        CarraraState s = startExpansion(2);
        List<Tile> tiles = new ArrayList<>(s.display());
        tiles.addAll(s.pile());
        // the last tile built is the display's most expensive, renovating a cheaper one
        Tile last = s.display().stream().max(java.util.Comparator.comparingInt(Tile::cost)).orElseThrow();
        tiles.remove(last);
        Tile cheap = tiles.stream().filter(t -> t.cost() < last.cost()).findFirst().orElseThrow();
        for (Tile tile : tiles) {
            s = withBuilt(s, 0, new Building(tile.type(), tile.cost(), City.LERICI));
        }
        assertEquals(List.of(last), s.display());
        assertFalse(s.endTriggered());
        s = withHoldings(s, 0, 0, blackStones(last.cost() - cheap.cost()));

        s = play(s, "ann", new Renovate(last.type(), last.cost(), new Renovate.Replaced(cheap.type(), cheap.cost()),
                blacks(last.cost() - cheap.cost())));

        assertTrue(s.endTriggered());
        assertEquals(29, s.player(0).buildings().size(), "30 tiles taken from the main board, one renovated away");
    }

    // --- valuation by category ---

    @Test
    void aCategoryValuationValuesAllBuildingsOfTheCategoryOncePerPlayer() {
        CarraraState s = withBuilt(startExpansion(2), 0, new Building(BuildingType.PALAZZO, 3, City.LIVORNO),
                new Building(BuildingType.PORTA, 2, City.PISA), new Building(BuildingType.VILLA, 1, City.PISA));

        List<CarraraEvent> events = accepted(s, "ann", new ValueCategory(Category.CITY));

        assertEquals(List.of(new ValuationRequested(1, "ann", "category", "city",
                List.of(new ValuationRequested.Building("Livorno", "Palazzo", 3, "crown", 0),
                        new ValuationRequested.Building("Pisa", "Porta", 2, "gate", 0)),
                List.of(new ValuationRequested.City("Livorno", 3, "vp"), new ValuationRequested.City("Pisa", 3, "coins")),
                Map.of("gate", 5, "crown", 5, "coat-of-arms", 5, "book", 5, "flag", 5, "cup", 5))), events);
        CarraraState after = apply(s, events);
        assertEquals(Set.of(Category.CITY), after.player(0).categoriesValued());
        assertEquals(1, after.player(0).markersUsed());
        assertTrue(after.citiesValued().isEmpty(), "a category valuation blocks no city");
        after = ENGINE.evolve(after, new ValuationScored(1, "ann", "category", "city", 0, 15, List.of()));
        after = play(after, "ann", new EndTurn()).withTurn(0);
        assertRejected("category-already-valued", after, "ann", new ValueCategory(Category.CITY));
        assertTrue(ENGINE.legalMoves(after, "ann").contains(new ValueCategory(Category.LAND)));
        assertFalse(ENGINE.legalMoves(after, "ann").contains(new ValueCategory(Category.CITY)));
        // bob may still value his own city buildings
        CarraraState bobs = withBuilt(after, 1, new Building(BuildingType.BIBLIOTECA, 1, City.LERICI)).withTurn(1);
        assertInstanceOf(ValuationRequested.class, accepted(bobs, "bob", new ValueCategory(Category.CITY)).get(0));
    }

    @Test
    void aCategoryNeedsABuildingOfItAndAMarker() {
        CarraraState s = withBuilt(startExpansion(2), 0, new Building(BuildingType.PALAZZO, 3, City.LIVORNO));
        assertRejected("no-building-of-category", s, "ann", new ValueCategory(Category.LAND));
        PlayerState ann = s.player(0);
        for (int i = 0; i < CarraraData.VALUATION_MARKERS; i++) {
            ann = ann.withMarkerUsed(null, null);
        }
        assertRejected("no-valuation-markers", s.withPlayer(0, ann), "ann", new ValueCategory(Category.CITY));
    }

    // --- the end ---

    @Test
    void theEndCountsOneObjectOfEachKindLeftoversAndTheBonusCard() {
        CarraraState s = startExpansion(2);
        BonusCard card = s.expansion().bonusCard();
        PlayerState ann = s.player(0).withObjects(List.of(ObjectKind.CUP, ObjectKind.CUP, ObjectKind.CUP,
                ObjectKind.BOOK, ObjectKind.GATE));
        // ann meets every bonus card: a cost-8 building, five cities, four types
        ann = ann.withBuilding(new Building(BuildingType.VILLA, 8, City.LIVORNO), Stones.NONE)
                .withBuilding(new Building(BuildingType.PALAZZO, 1, City.PISA), Stones.NONE)
                .withBuilding(new Building(BuildingType.PORTA, 1, City.LUCCA), Stones.NONE)
                .withBuilding(new Building(BuildingType.CASTELLO, 1, City.VIAREGGIO), Stones.NONE)
                .withBuilding(new Building(BuildingType.CASTELLO, 2, City.MASSA), Stones.NONE);
        s = s.withPlayer(0, ann).withDeclaredBy("ann").withTurn(1).withPhase(Phase.AFTER_ACTION);

        List<CarraraEvent> events = accepted(s, "bob", new EndTurn());

        GameFinished ended = assertInstanceOf(GameFinished.class, events.get(events.size() - 1));
        assertEquals(CarraraData.EXPANSION_VP_PER_OBJECT, ended.vpPerObject());
        assertEquals(1, ended.vpPerLeftoverObject());
        assertEquals(card.id(), ended.bonusCard());
        GameFinished.Tally annsTally = ended.players().get(0);
        assertEquals(5, annsTally.objects());
        assertEquals(3, annsTally.objectsCounted(), "one cup, the book and the gate; two cups are left over");
        assertEquals(card.vp(), annsTally.bonusVp());
        assertEquals(0, ended.players().get(1).bonusVp(), "bob built nothing");
    }

    @Test
    void aBasicGameEndsWithEveryObjectCountedAndNoBonusCard() {
        CarraraState s = start(2);
        s = s.withPlayer(0, s.player(0).withObjects(List.of(ObjectKind.CUP, ObjectKind.CUP)))
                .withDeclaredBy("ann").withTurn(1).withPhase(Phase.AFTER_ACTION);

        List<CarraraEvent> events = accepted(s, "bob", new EndTurn());

        GameFinished ended = assertInstanceOf(GameFinished.class, events.get(events.size() - 1));
        assertEquals(CarraraData.VP_PER_OBJECT, ended.vpPerObject());
        assertEquals(0, ended.vpPerLeftoverObject());
        assertNull(ended.bonusCard());
        assertEquals(2, ended.players().get(0).objectsCounted());
        assertEquals(0, ended.players().get(0).bonusVp());
    }

    // --- the view ---

    @Test
    void theViewShowsTheExtraBoardOnlyWithTheExpansion() throws Exception {
        CarraraState s = withHoldings(startExpansion(2), 0, 20, EIGHT);
        s = play(s, "ann", new BuildLarge(BuildingType.VILLA, City.LERICI, eight()));
        s = play(s, "ann", new TakeUpgrade(Upgrade.LAND_BUILDINGS));

        var view = Fixture.JSON.valueToTree(ENGINE.view(s, "bob"));
        var basic = Fixture.JSON.valueToTree(ENGINE.view(start(2), "bob"));

        assertEquals(5, view.path("expansion").path("largeBuildings").size());
        assertEquals(7, view.path("expansion").path("upgradesLeft").size());
        assertEquals(s.expansion().bonusCard().id(), view.path("expansion").path("bonusCard").path("card").asText());
        assertEquals("land", view.path("players").get(0).path("upgrades").get(0).asText());
        assertFalse(basic.has("expansion"));
        assertFalse(basic.path("players").get(0).has("upgrades"));
        assertFalse(basic.path("players").get(0).has("categoriesValued"));
    }

    @Test
    void theExpansionsMovesReadAndWriteTheirDocumentedJson() throws Exception {
        assertEquals(new BuildLarge(BuildingType.VILLA, City.LERICI, blacks(8)), Fixture.JSON.readValue("""
                {"type": "build-large", "building": "Villa", "city": "Lerici",
                 "stones": ["black", "black", "black", "black", "black", "black", "black", "black"]}""", CarraraMove.class));
        assertEquals(new TakeUpgrade(Upgrade.CITY_BUILDINGS),
                Fixture.JSON.readValue("{\"type\": \"take-upgrade\", \"upgrade\": \"city\"}", CarraraMove.class));
        assertEquals(new TakeUpgrade(Upgrade.PISA),
                Fixture.JSON.readValue("{\"type\": \"take-upgrade\", \"upgrade\": \"Pisa\"}", CarraraMove.class));
        assertEquals(new Renovate(BuildingType.PALAZZO, 4, new Renovate.Replaced(BuildingType.PORTA, 2),
                        List.of(Stone.WHITE, Stone.YELLOW)), Fixture.JSON.readValue("""
                {"type": "renovate", "building": "Palazzo", "cost": 4, "replaces": {"building": "Porta", "cost": 2},
                 "stones": ["white", "yellow"]}""", CarraraMove.class));
        assertEquals(new ValueCategory(Category.LAND),
                Fixture.JSON.readValue("{\"type\": \"value-category\", \"category\": \"land\"}", CarraraMove.class));
        assertEquals(new SkipRotation(), Fixture.JSON.readValue("{\"type\": \"skip-rotation\"}", CarraraMove.class));
    }

    @Test
    void aValuationOfAFormerCityIsStillBlockedForOthers() {
        // a sanity check that the expansion leaves the city rule alone
        CarraraState s = withBuilt(startExpansion(2), 0, new Building(BuildingType.PALAZZO, 3, City.LIVORNO),
                new Building(BuildingType.PORTA, 2, City.LIVORNO));
        s = play(s, "ann", new ValueCity(City.LIVORNO));
        assertEquals("ann", s.citiesValued().get(City.LIVORNO));
    }
}
