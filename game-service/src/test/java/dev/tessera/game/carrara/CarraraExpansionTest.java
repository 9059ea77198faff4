package dev.tessera.game.carrara;

import static dev.tessera.game.carrara.Crafted.expansionSetup;
import static dev.tessera.game.carrara.Crafted.start;
import static dev.tessera.game.carrara.Crafted.startExpansion;
import static dev.tessera.game.carrara.Crafted.withBuilt;
import static dev.tessera.game.carrara.Crafted.withHoldings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The expansion's rules (game-service/docs/carrara.md, "The expansion"), each move and each rejection. */
class CarraraExpansionTest {

    private static final CarraraEngine ENGINE = new CarraraEngine();
    private static final RulesFixture<CarraraState, CarraraMove, CarraraEvent> RULES = RulesFixture.of(ENGINE);
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final List<CarraraMove> EXPANSION_MOVES = List.of(
            new CarraraMove.SkipRotation(),
            new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, Collections.nCopies(8, Stone.BLACK)),
            new CarraraMove.TakeUpgrade(Upgrade.MASSA),
            new CarraraMove.Renovate(
                    BuildingType.PALAZZO,
                    4,
                    new CarraraMove.Renovate.Replaced(BuildingType.PORTA, 2),
                    List.of(Stone.WHITE)),
            new CarraraMove.ValueCategory(Category.LAND));

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
    void the_expansion_adds_the_extra_board_and_deals_the_basic_game_as_without_it() {
        CarraraState basic = start(3);
        CarraraState expansion = ENGINE.start(expansionSetup(3, 42));

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
    void the_bonus_card_comes_from_the_seed() {
        Set<BonusCard> drawn = EnumSet.noneOf(BonusCard.class);
        for (long seed = 0; seed < 50; seed++) {
            CarraraState s = ENGINE.start(expansionSetup(2, seed));
            assertEquals(
                    s.expansion().bonusCard(),
                    ENGINE.start(expansionSetup(2, seed)).expansion().bonusCard());
            drawn.add(s.expansion().bonusCard());
        }
        assertEquals(EnumSet.allOf(BonusCard.class), drawn);
    }

    @Test
    void the_option_is_true_or_false_and_false_is_the_basic_game() {
        assertNull(ENGINE.start(new GameSetup(List.of("ann", "bob"), 1, Map.of("expansion", "false")))
                .expansion());
        assertThrows(
                IllegalArgumentException.class,
                () -> ENGINE.start(new GameSetup(List.of("ann", "bob"), 1, Map.of("expansion", "yes"))));
    }

    @Test
    void without_the_expansion_its_moves_are_rejected_and_never_legal() {
        CarraraState s = withHoldings(start(2), 0, 20, EIGHT);
        for (CarraraMove move : EXPANSION_MOVES) {
            RULES.given(s).when("ann", move).thenRejected("expansion-not-in-play");
            RULES.given(s).when("bob", move).thenRejected("expansion-not-in-play");
        }
        assertTrue(ENGINE.legalMoves(s, "ann").stream()
                .noneMatch(m -> EXPANSION_MOVES.stream().anyMatch(e -> e.getClass() == m.getClass())));
    }

    /** Buying stones without turning the wheel. */
    @Nested
    class SkipRotation {

        @Test
        void skipping_the_rotation_draws_nothing_and_keeps_the_prices() {
            CarraraState s = startExpansion(2);
            assertTrue(ENGINE.legalMoves(s, "ann").contains(new CarraraMove.SkipRotation()));

            var skipped = RULES.given(s).when("ann", new CarraraMove.SkipRotation());
            CarraraState after = skipped.state();

            skipped.then(new RotationSkipped("ann"));
            assertEquals(Phase.BUYING_STONES, after.phase());
            assertEquals(s.wheel(), after.wheel());
            assertEquals(s.bag(), after.bag());
            assertEquals(s.draws(), after.draws());
            // section I keeps section I's prices: white costs 6
            after = RULES.given(after)
                    .played("ann", new CarraraMove.BuyStones(1, List.of(Stone.WHITE)))
                    .state();
            assertEquals(CarraraData.START_COINS - 6, after.player(0).coins());
        }

        @Test
        void the_rotation_can_only_be_skipped_with_stones_on_the_wheel() {
            CarraraState s = startExpansion(2);
            s = s.withWheel(Collections.nCopies(6, Stones.NONE), s.bag().plus(s.wheelStones()), s.draws());

            RULES.given(s).when("ann", new CarraraMove.SkipRotation()).thenRejected("wheel-empty");
            assertFalse(ENGINE.legalMoves(s, "ann").contains(new CarraraMove.SkipRotation()));
            assertTrue(ENGINE.legalMoves(s, "ann").contains(new CarraraMove.RotateWheel()));
        }
    }

    /** Cost-8 buildings, each followed by an upgrade tile. */
    @Nested
    class BuildLarge {

        @Test
        void a_cost_eight_building_takes_eight_stones_then_an_upgrade_tile() {
            CarraraState s = withHoldings(startExpansion(2), 0, 5, EIGHT.plus(Stone.GREEN));

            var built =
                    RULES.given(s).when("ann", new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, eight()));
            CarraraState after = built.state();

            built.then(new LargeBuildingBuilt(
                    "ann",
                    "Villa",
                    "land",
                    8,
                    "flag",
                    "Lerici",
                    List.of("white", "white", "yellow", "yellow", "red", "red", "black", "black")));
            assertEquals(
                    List.of(new Building(BuildingType.VILLA, 8, City.LERICI)),
                    after.player(0).buildings());
            assertEquals(Stones.NONE.plus(Stone.GREEN), after.player(0).stones());
            assertEquals(s.bag().plus(EIGHT), after.bag());
            assertFalse(after.expansion().largeBuildings().contains(new Tile(BuildingType.VILLA, 8)));
            assertEquals(5, after.expansion().largeBuildings().size());
            assertEquals(s.display(), after.display(), "the main board's display is untouched");
            assertEquals(s.pile(), after.pile());
            // the upgrade tile is the only thing left to do
            assertEquals(Phase.CHOOSING_UPGRADE, after.phase());
            assertEquals(
                    Upgrade.values().length, ENGINE.legalMoves(after, "ann").size());
            assertTrue(ENGINE.legalMoves(after, "ann").stream().allMatch(m -> m instanceof CarraraMove.TakeUpgrade));
            RULES.given(after).when("ann", new CarraraMove.EndTurn()).thenRejected("wrong-phase");
            RULES.given(after).when("ann", new CarraraMove.RotateWheel()).thenRejected("wrong-phase");

            var taken = RULES.given(after).when("ann", new CarraraMove.TakeUpgrade(Upgrade.MASSA));
            CarraraState done = taken.state();

            taken.then(new UpgradeTaken("ann", "Massa", 1), new TurnEnded("ann", "bob"));
            assertEquals(Set.of(Upgrade.MASSA), done.player(0).upgrades());
            assertFalse(done.expansion().upgradesLeft().contains(Upgrade.MASSA));
            assertEquals(7, done.expansion().upgradesLeft().size());
        }

        @Test
        void a_cost_eight_building_is_paid_as_any_building() {
            CarraraState s = withHoldings(startExpansion(2), 0, 20, new Stones(0, 0, 0, 0, 4, 5));
            List<Stone> blueAndBlack = List.of(
                    Stone.BLUE, Stone.BLUE, Stone.BLUE, Stone.BLUE, Stone.BLACK, Stone.BLACK, Stone.BLACK, Stone.BLACK);

            RULES.given(s)
                    .when("ann", new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, blacks(5)))
                    .thenRejected("wrong-stone-count");
            RULES.given(s)
                    .when("ann", new CarraraMove.BuildLarge(BuildingType.VILLA, City.MASSA, blueAndBlack))
                    .thenRejected("stone-not-allowed");
            RULES.given(s)
                    .when("ann", new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, blacks(8)))
                    .thenRejected("stones-not-held");
            // 4 blue and 4 of the 5 black stones pay in Lerici, the only city accepting black
            assertTrue(ENGINE.legalMoves(s, "ann")
                    .contains(new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, blueAndBlack)));
            assertTrue(ENGINE.legalMoves(s, "ann").stream()
                    .filter(m -> m instanceof CarraraMove.BuildLarge)
                    .allMatch(m -> ((CarraraMove.BuildLarge) m).city() == City.LERICI));
        }

        @Test
        void each_cost_eight_building_and_each_upgrade_tile_is_taken_once() {
            CarraraState s = withHoldings(startExpansion(2), 0, 5, EIGHT);
            s = RULES.given(s)
                    .played(
                            "ann",
                            new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, eight()),
                            new CarraraMove.TakeUpgrade(Upgrade.MASSA))
                    .state();
            s = withHoldings(s, 1, 5, EIGHT);

            RULES.given(s)
                    .when("bob", new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, eight()))
                    .thenRejected("building-not-available");
            s = RULES.given(s)
                    .played("bob", new CarraraMove.BuildLarge(BuildingType.PORTA, City.LERICI, eight()))
                    .state();
            RULES.given(s)
                    .when("bob", new CarraraMove.TakeUpgrade(Upgrade.MASSA))
                    .thenRejected("upgrade-not-available");
            assertFalse(ENGINE.legalMoves(s, "bob").contains(new CarraraMove.TakeUpgrade(Upgrade.MASSA)));
        }
    }

    @Nested
    class TakeUpgrade {

        @Test
        void upgrade_tiles_raise_their_city_and_category_in_the_owners_valuations() {
            CarraraState s = withBuilt(
                    startExpansion(2),
                    0,
                    new Building(BuildingType.VILLA, 2, City.MASSA),
                    new Building(BuildingType.PALAZZO, 3, City.MASSA),
                    new Building(BuildingType.CASTELLO, 1, City.LERICI));
            s = s.withPlayer(0, s.player(0).withUpgrade(Upgrade.MASSA).withUpgrade(Upgrade.LAND_BUILDINGS));

            ValuationRequested land = (ValuationRequested) RULES.given(s)
                    .when("ann", new CarraraMove.ValueCategory(Category.LAND))
                    .events()
                    .get(0);

            assertEquals(
                    List.of(
                            new ValuationRequested.Building("Massa", "Villa", 2, "flag", 2),
                            new ValuationRequested.Building("Lerici", "Castello", 1, "coat-of-arms", 1)),
                    land.buildings());
            // the board's values, unchanged: the bonus is the player's own
            assertEquals(
                    List.of(
                            new ValuationRequested.City("Massa", 1, "vp"),
                            new ValuationRequested.City("Lerici", 1, "coins")),
                    land.cities());
            ValuationRequested palazzi = (ValuationRequested) RULES.given(s)
                    .when("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                    .events()
                    .get(0);
            assertEquals(
                    List.of(new ValuationRequested.Building("Massa", "Palazzo", 3, "crown", 1)), palazzi.buildings());
            // bob's valuations know nothing of ann's tiles
            CarraraState bobs = withBuilt(s, 1, new Building(BuildingType.VILLA, 3, City.MASSA))
                    .withTurn(1);
            ValuationRequested bob = (ValuationRequested) RULES.given(bobs)
                    .when("bob", new CarraraMove.ValueType(BuildingType.VILLA))
                    .events()
                    .get(0);
            assertEquals(0, bob.buildings().get(0).bonus());
        }
    }

    private static CarraraState annWithAPorta2InPisa() {
        CarraraState s = startExpansion(2);
        // the display's tile of cost 4 or 5 that ann renovates to
        Tile target =
                s.display().stream().filter(t -> t.cost() >= 4).findFirst().orElseThrow();
        Tile old = new Tile(BuildingType.PORTA, 2);
        if (target.equals(old)) {
            throw new IllegalStateException("seed 42 changed");
        }
        return withBuilt(s, 0, new Building(BuildingType.PORTA, 2, City.PISA));
    }

    private static Tile displayed(CarraraState s, int minCost) {
        return s.display().stream().filter(t -> t.cost() >= minCost).findFirst().orElseThrow();
    }

    @Nested
    class Renovate {

        private static final CarraraMove.Renovate.Replaced PORTA_2 =
                new CarraraMove.Renovate.Replaced(BuildingType.PORTA, 2);

        @Test
        void a_renovation_replaces_a_building_in_its_city_paying_the_difference() {
            CarraraState s = annWithAPorta2InPisa();
            Tile target = displayed(s, 4);
            int difference = target.cost() - 2;
            s = withHoldings(s, 0, 0, new Stones(0, difference, 0, 0, 0, 0));
            Tile top = s.pile().get(0);
            CarraraMove.Renovate move = new CarraraMove.Renovate(
                    target.type(), target.cost(), PORTA_2, Collections.nCopies(difference, Stone.YELLOW));
            assertTrue(ENGINE.legalMoves(s, "ann").contains(move));

            var renovated = RULES.given(s).when("ann", move);
            CarraraState after = renovated.state();

            renovated.then(
                    new BuildingRenovated(
                            "ann",
                            "Pisa",
                            target.type().id(),
                            CarraraData.category(target.type()).id(),
                            target.cost(),
                            CarraraData.object(target.type()).id(),
                            "Porta",
                            2,
                            Collections.nCopies(difference, "yellow")),
                    new BuildingRevealed(
                            top.type().id(),
                            CarraraData.category(top.type()).id(),
                            top.cost(),
                            CarraraData.object(top.type()).id(),
                            s.pile().size() - 1),
                    new TurnEnded("ann", "bob"));
            assertEquals(
                    List.of(new Building(target.type(), target.cost(), City.PISA)),
                    after.player(0).buildings());
            assertEquals(Stones.NONE, after.player(0).stones());
            assertEquals(s.bag().plus(new Stones(0, difference, 0, 0, 0, 0)), after.bag());
            assertFalse(after.display().contains(target));
            assertTrue(after.display().contains(top));
            // the Porta 2 left the game: on no board, not on the display, not in the pile
            assertFalse(after.display().contains(new Tile(BuildingType.PORTA, 2)));
            assertFalse(after.pile().contains(new Tile(BuildingType.PORTA, 2)));
        }

        @Test
        void a_renovation_is_paid_with_stones_its_city_accepts() {
            CarraraState s = annWithAPorta2InPisa();
            Tile target = displayed(s, 4);
            int difference = target.cost() - 2;
            s = withHoldings(s, 0, 0, new Stones(0, target.cost(), 0, 0, 0, difference));

            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Renovate(
                                    target.type(),
                                    target.cost(),
                                    PORTA_2,
                                    Collections.nCopies(target.cost(), Stone.YELLOW)))
                    .thenRejected("wrong-stone-count");
            RULES.given(s)
                    .when("ann", new CarraraMove.Renovate(target.type(), target.cost(), PORTA_2, blacks(difference)))
                    .thenRejected("stone-not-allowed");
            CarraraState poor = withHoldings(s, 0, 0, Stones.NONE);
            RULES.given(poor)
                    .when(
                            "ann",
                            new CarraraMove.Renovate(
                                    target.type(),
                                    target.cost(),
                                    PORTA_2,
                                    Collections.nCopies(difference, Stone.YELLOW)))
                    .thenRejected("stones-not-held");
        }

        @Test
        void only_own_buildings_are_renovated_and_only_to_a_higher_cost_from_the_display() {
            CarraraState s = annWithAPorta2InPisa();
            s = withHoldings(s, 0, 0, new Stones(5, 0, 0, 0, 0, 0));
            Tile higher = displayed(s, 4);
            Tile lower =
                    s.display().stream().filter(t -> t.cost() <= 2).findFirst().orElseThrow();

            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Renovate(
                                    higher.type(),
                                    higher.cost(),
                                    new CarraraMove.Renovate.Replaced(BuildingType.PORTA, 3),
                                    List.of(Stone.WHITE)))
                    .thenRejected("not-your-building");
            RULES.given(s)
                    .when("ann", new CarraraMove.Renovate(lower.type(), lower.cost(), PORTA_2, List.of()))
                    .thenRejected("renovation-not-higher");
            Tile notDisplayed = s.pile().get(0);
            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Renovate(
                                    notDisplayed.type(), notDisplayed.cost(), PORTA_2, List.of(Stone.WHITE)))
                    .thenRejected("building-not-available");
            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Renovate(
                                    BuildingType.VILLA, 8, PORTA_2, Collections.nCopies(6, Stone.WHITE)))
                    .thenRejected("building-not-available");
            assertTrue(ENGINE.legalMoves(s, "ann").stream()
                    .filter(m -> m instanceof CarraraMove.Renovate)
                    .map(m -> (CarraraMove.Renovate) m)
                    .allMatch(r -> r.cost() > 2 && r.replaces().equals(PORTA_2)));
        }

        @Test
        void the_main_board_running_out_ends_the_game_even_after_renovations() {
            // given every main-board tile but one built, one of them renovated away: the board is what counts
            CarraraState s = startExpansion(2);
            List<Tile> tiles = new ArrayList<>(s.display());
            tiles.addAll(s.pile());
            // the last tile built is the display's most expensive, renovating a cheaper one
            Tile last = s.display().stream()
                    .max(Comparator.comparingInt(Tile::cost))
                    .orElseThrow();
            tiles.remove(last);
            Tile cheap = tiles.stream()
                    .filter(t -> t.cost() < last.cost())
                    .findFirst()
                    .orElseThrow();
            for (Tile tile : tiles) {
                s = withBuilt(s, 0, new Building(tile.type(), tile.cost(), City.LERICI));
            }
            assertEquals(List.of(last), s.display());
            assertFalse(s.endTriggered());
            s = withHoldings(s, 0, 0, blackStones(last.cost() - cheap.cost()));

            s = RULES.given(s)
                    .played(
                            "ann",
                            new CarraraMove.Renovate(
                                    last.type(),
                                    last.cost(),
                                    new CarraraMove.Renovate.Replaced(cheap.type(), cheap.cost()),
                                    blacks(last.cost() - cheap.cost())))
                    .state();

            assertTrue(s.endTriggered());
            assertEquals(29, s.player(0).buildings().size(), "30 tiles taken from the main board, one renovated away");
        }
    }

    @Nested
    class ValueCategory {

        @Test
        void a_category_valuation_values_all_buildings_of_the_category_once_per_player() {
            CarraraState s = withBuilt(
                    startExpansion(2),
                    0,
                    new Building(BuildingType.PALAZZO, 3, City.LIVORNO),
                    new Building(BuildingType.PORTA, 2, City.PISA),
                    new Building(BuildingType.VILLA, 1, City.PISA));

            var valued = RULES.given(s).when("ann", new CarraraMove.ValueCategory(Category.CITY));

            valued.then(new ValuationRequested(
                    1,
                    "ann",
                    "category",
                    "city",
                    List.of(
                            new ValuationRequested.Building("Livorno", "Palazzo", 3, "crown", 0),
                            new ValuationRequested.Building("Pisa", "Porta", 2, "gate", 0)),
                    List.of(
                            new ValuationRequested.City("Livorno", 3, "vp"),
                            new ValuationRequested.City("Pisa", 3, "coins")),
                    Map.of("gate", 5, "crown", 5, "coat-of-arms", 5, "book", 5, "flag", 5, "cup", 5)));
            CarraraState after = valued.state();
            assertEquals(Set.of(Category.CITY), after.player(0).categoriesValued());
            assertEquals(1, after.player(0).markersUsed());
            assertTrue(after.citiesValued().isEmpty(), "a category valuation blocks no city");
            after = RULES.given(after)
                    .and(new ValuationScored(1, "ann", "category", "city", 0, 15, List.of()))
                    .played("ann", new CarraraMove.EndTurn())
                    .state()
                    .withTurn(0);
            RULES.given(after)
                    .when("ann", new CarraraMove.ValueCategory(Category.CITY))
                    .thenRejected("category-already-valued");
            assertTrue(ENGINE.legalMoves(after, "ann").contains(new CarraraMove.ValueCategory(Category.LAND)));
            assertFalse(ENGINE.legalMoves(after, "ann").contains(new CarraraMove.ValueCategory(Category.CITY)));
            // bob may still value his own city buildings
            CarraraState bobs = withBuilt(after, 1, new Building(BuildingType.BIBLIOTECA, 1, City.LERICI))
                    .withTurn(1);
            assertInstanceOf(
                    ValuationRequested.class,
                    RULES.given(bobs)
                            .when("bob", new CarraraMove.ValueCategory(Category.CITY))
                            .events()
                            .get(0));
        }

        @Test
        void a_category_needs_a_building_of_it_and_a_marker() {
            CarraraState s = withBuilt(startExpansion(2), 0, new Building(BuildingType.PALAZZO, 3, City.LIVORNO));
            RULES.given(s)
                    .when("ann", new CarraraMove.ValueCategory(Category.LAND))
                    .thenRejected("no-building-of-category");
            PlayerState ann = s.player(0);
            for (int i = 0; i < CarraraData.VALUATION_MARKERS; i++) {
                ann = ann.withMarkerUsed(null, null);
            }
            RULES.given(s.withPlayer(0, ann))
                    .when("ann", new CarraraMove.ValueCategory(Category.CITY))
                    .thenRejected("no-valuation-markers");
        }
    }

    @Nested
    class ValueCity {

        @Test
        void a_valuation_of_a_former_city_is_still_blocked_for_others() {
            // a sanity check that the expansion leaves the city rule alone
            CarraraState s = withBuilt(
                    startExpansion(2),
                    0,
                    new Building(BuildingType.PALAZZO, 3, City.LIVORNO),
                    new Building(BuildingType.PORTA, 2, City.LIVORNO));
            s = RULES.given(s)
                    .played("ann", new CarraraMove.ValueCity(City.LIVORNO))
                    .state();
            assertEquals("ann", s.citiesValued().get(City.LIVORNO));
        }
    }

    // --- the end ---

    @Test
    void the_end_counts_one_object_of_each_kind_leftovers_and_the_bonus_card() {
        CarraraState s = startExpansion(2);
        BonusCard card = s.expansion().bonusCard();
        PlayerState ann = s.player(0)
                .withObjects(List.of(ObjectKind.CUP, ObjectKind.CUP, ObjectKind.CUP, ObjectKind.BOOK, ObjectKind.GATE));
        // ann meets every bonus card: a cost-8 building, five cities, four types
        ann = ann.withBuilding(new Building(BuildingType.VILLA, 8, City.LIVORNO), Stones.NONE)
                .withBuilding(new Building(BuildingType.PALAZZO, 1, City.PISA), Stones.NONE)
                .withBuilding(new Building(BuildingType.PORTA, 1, City.LUCCA), Stones.NONE)
                .withBuilding(new Building(BuildingType.CASTELLO, 1, City.VIAREGGIO), Stones.NONE)
                .withBuilding(new Building(BuildingType.CASTELLO, 2, City.MASSA), Stones.NONE);
        s = s.withPlayer(0, ann).withDeclaredBy("ann").withTurn(1).withPhase(Phase.AFTER_ACTION);

        List<CarraraEvent> events =
                RULES.given(s).when("bob", new CarraraMove.EndTurn()).events();

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
    void a_basic_game_ends_with_every_object_counted_and_no_bonus_card() {
        CarraraState s = start(2);
        s = s.withPlayer(0, s.player(0).withObjects(List.of(ObjectKind.CUP, ObjectKind.CUP)))
                .withDeclaredBy("ann")
                .withTurn(1)
                .withPhase(Phase.AFTER_ACTION);

        List<CarraraEvent> events =
                RULES.given(s).when("bob", new CarraraMove.EndTurn()).events();

        GameFinished ended = assertInstanceOf(GameFinished.class, events.get(events.size() - 1));
        assertEquals(CarraraData.VP_PER_OBJECT, ended.vpPerObject());
        assertEquals(0, ended.vpPerLeftoverObject());
        assertNull(ended.bonusCard());
        assertEquals(2, ended.players().get(0).objectsCounted());
        assertEquals(0, ended.players().get(0).bonusVp());
    }

    // --- the view and the JSON ---

    @Test
    void the_view_shows_the_extra_board_only_with_the_expansion() {
        CarraraState s = withHoldings(startExpansion(2), 0, 20, EIGHT);
        s = RULES.given(s)
                .played(
                        "ann",
                        new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, eight()),
                        new CarraraMove.TakeUpgrade(Upgrade.LAND_BUILDINGS))
                .state();

        var view = JSON.valueToTree(ENGINE.view(s, "bob"));
        var basic = JSON.valueToTree(ENGINE.view(start(2), "bob"));

        assertEquals(5, view.path("expansion").path("largeBuildings").size());
        assertEquals(7, view.path("expansion").path("upgradesLeft").size());
        assertEquals(
                s.expansion().bonusCard().id(),
                view.path("expansion").path("bonusCard").path("card").asText());
        assertEquals("land", view.path("players").get(0).path("upgrades").get(0).asText());
        assertFalse(basic.has("expansion"));
        assertFalse(basic.path("players").get(0).has("upgrades"));
        assertFalse(basic.path("players").get(0).has("categoriesValued"));
    }

    @Test
    void the_expansions_moves_read_and_write_their_documented_json() throws Exception {
        assertEquals(
                new CarraraMove.BuildLarge(BuildingType.VILLA, City.LERICI, blacks(8)),
                JSON.readValue("""
                {"type": "build-large", "building": "Villa", "city": "Lerici",
                 "stones": ["black", "black", "black", "black", "black", "black", "black", "black"]}""", CarraraMove.class));
        assertEquals(
                new CarraraMove.TakeUpgrade(Upgrade.CITY_BUILDINGS),
                JSON.readValue("{\"type\": \"take-upgrade\", \"upgrade\": \"city\"}", CarraraMove.class));
        assertEquals(
                new CarraraMove.TakeUpgrade(Upgrade.PISA),
                JSON.readValue("{\"type\": \"take-upgrade\", \"upgrade\": \"Pisa\"}", CarraraMove.class));
        assertEquals(
                new CarraraMove.Renovate(
                        BuildingType.PALAZZO,
                        4,
                        new CarraraMove.Renovate.Replaced(BuildingType.PORTA, 2),
                        List.of(Stone.WHITE, Stone.YELLOW)),
                JSON.readValue("""
                {"type": "renovate", "building": "Palazzo", "cost": 4, "replaces": {"building": "Porta", "cost": 2},
                 "stones": ["white", "yellow"]}""", CarraraMove.class));
        assertEquals(
                new CarraraMove.ValueCategory(Category.LAND),
                JSON.readValue("{\"type\": \"value-category\", \"category\": \"land\"}", CarraraMove.class));
        assertEquals(
                new CarraraMove.SkipRotation(), JSON.readValue("{\"type\": \"skip-rotation\"}", CarraraMove.class));
    }
}
