package dev.tessera.game.carrara;

import static dev.tessera.game.carrara.Crafted.setup;
import static dev.tessera.game.carrara.Crafted.start;
import static dev.tessera.game.carrara.Crafted.withBuilt;
import static dev.tessera.game.carrara.Crafted.withHoldings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import dev.tessera.game.rules.GameSetup;
import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The basic game's rules (game-service/docs/carrara.md): the set-up, each move and each rejection, the views. */
class CarraraEngineTest {

    private static final CarraraEngine ENGINE = new CarraraEngine();
    private static final RulesFixture<CarraraState, CarraraMove, CarraraEvent> RULES = RulesFixture.of(ENGINE);
    private static final ObjectMapper JSON = new ObjectMapper();

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

    private static CarraraState annWithPalazzi() {
        return withBuilt(
                start(2),
                0,
                new Building(BuildingType.PALAZZO, 3, City.LIVORNO),
                new Building(BuildingType.PALAZZO, 2, City.PISA),
                new Building(BuildingType.VILLA, 1, City.PISA));
    }

    private static CarraraState bobMeetsTheGoals(int players) {
        CarraraState s = withBuilt(
                start(players),
                1,
                new Building(BuildingType.PALAZZO, 5, City.LERICI),
                new Building(BuildingType.PORTA, 5, City.LERICI),
                new Building(BuildingType.VILLA, 5, City.LERICI),
                new Building(BuildingType.CASTELLO, 5, City.LERICI));
        PlayerState bob = s.player(1);
        for (int i = 0; i < 4; i++) {
            bob = bob.withMarkerUsed(null, null);
        }
        bob = bob.withObjects(
                List.of(ObjectKind.CUP, ObjectKind.CUP, ObjectKind.GATE, ObjectKind.BOOK, ObjectKind.FLAG));
        return s.withPlayer(1, bob).withTurn(1);
    }

    // --- set-up ---

    @Test
    void the_set_up_gives_coins_and_starting_stones_and_fills_the_board() {
        CarraraState s = start(4);

        assertEquals(
                List.of(20, 20, 20, 20),
                s.players().stream().map(PlayerState::coins).toList());
        assertEquals(
                List.of(
                        Stones.NONE.plus(Stone.BLACK),
                        Stones.NONE.plus(Stone.BLUE),
                        Stones.NONE.plus(Stone.GREEN),
                        Stones.NONE.plus(Stone.RED)),
                s.players().stream().map(PlayerState::stones).toList());
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
    void the_set_up_is_determined_by_the_seed() {
        assertEquals(ENGINE.start(setup(3, 7)), ENGINE.start(setup(3, 7)));
        assertNotEquals(
                ENGINE.start(setup(3, 7)).display(), ENGINE.start(setup(3, 8)).display());
    }

    @Test
    void two_to_four_distinct_players_play() {
        assertThrows(IllegalArgumentException.class, () -> ENGINE.start(setup(1, 1)));
        assertThrows(
                IllegalArgumentException.class,
                () -> ENGINE.start(new GameSetup(List.of("a", "b", "c", "d", "e"), 1, Map.of())));
        assertThrows(IllegalArgumentException.class, () -> ENGINE.start(new GameSetup(List.of("a", "a"), 1, Map.of())));
    }

    @Nested
    class RotateWheel {

        @Test
        void turning_the_wheel_moves_stones_on_and_refills_section_one_to_eleven() {
            CarraraState s = start(2);

            var turned = RULES.given(s).when("ann", new CarraraMove.RotateWheel());

            List<CarraraEvent> events = turned.events();
            WheelRotated rotated = assertInstanceOf(WheelRotated.class, events.get(0));
            assertEquals(1, events.size());
            assertEquals(5, rotated.drawn().size());
            assertEquals(29, rotated.bagLeft());
            CarraraState after = turned.state();
            assertEquals(ONE_OF_EACH, after.wheel().get(1));
            assertEquals(
                    Stones.of(rotated.drawn().stream().map(Stone::of).toList()),
                    after.wheel().get(0));
            assertEquals(29, after.bag().total());
            assertEquals(Phase.BUYING_STONES, after.phase());
        }

        @Test
        void stones_on_section_six_come_round_to_section_one() {
            CarraraState s = buying(20, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, whites(2))
                    .withPhase(Phase.ACTION);

            CarraraState after =
                    RULES.given(s).when("ann", new CarraraMove.RotateWheel()).state();

            assertEquals(11, after.wheel().get(0).total());
            assertTrue(after.wheel().get(0).white() >= 2);
            assertEquals(Stones.NONE, after.wheel().get(5));
        }

        @Test
        void a_full_wheel_draws_nothing() {
            CarraraState s = buying(20, new Stones(2, 2, 2, 2, 2, 1)).withPhase(Phase.ACTION);

            WheelRotated rotated = (WheelRotated) RULES.given(s)
                    .when("ann", new CarraraMove.RotateWheel())
                    .events()
                    .get(0);

            assertEquals(List.of(), rotated.drawn());
        }

        @Test
        void the_wheel_cannot_turn_when_it_and_the_bag_are_empty() {
            CarraraState s = start(2);
            s = s.withWheel(wheel(), Stones.NONE, 0);

            RULES.given(s).when("ann", new CarraraMove.RotateWheel()).thenRejected("wheel-empty");
        }
    }

    @Nested
    class BuyStones {

        @Test
        void stones_cost_their_sections_price_and_the_turn_ends_when_no_object_is_affordable() {
            CarraraState s = buying(12, Stones.NONE, ONE_OF_EACH);

            var bought = RULES.given(s).when("ann", new CarraraMove.BuyStones(2, List.of(Stone.WHITE, Stone.BLACK)));

            bought.then(new StonesBought("ann", 2, List.of("white", "black"), 5), new TurnEnded("ann", "bob"));
            CarraraState after = bought.state();
            assertEquals(7, after.player(0).coins());
            assertEquals(
                    Stones.NONE.plus(Stone.BLACK).plus(Stone.WHITE).plus(Stone.BLACK),
                    after.player(0).stones());
            assertEquals(new Stones(0, 1, 1, 1, 1, 0), after.wheel().get(1));
            assertEquals(1, after.current());
            assertEquals(Phase.ACTION, after.phase());
        }

        @Test
        void free_stones_cost_nothing_and_with_ten_coins_the_object_purchase_follows() {
            CarraraState s = buying(20, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, Stones.NONE, ONE_OF_EACH);

            var bought = RULES.given(s).when("ann", new CarraraMove.BuyStones(6, List.of(Stone.YELLOW, Stone.BLUE)));

            bought.then(new StonesBought("ann", 6, List.of("yellow", "blue"), 0));
            CarraraState after = bought.state();
            assertEquals(Phase.AFTER_ACTION, after.phase());
            assertEquals(7, ENGINE.legalMoves(after, "ann").size());
        }

        @Test
        void a_section_must_exist() {
            RULES.given(buying(20, ONE_OF_EACH))
                    .when("ann", new CarraraMove.BuyStones(7, List.of(Stone.BLACK)))
                    .thenRejected("no-such-section");
        }

        @Test
        void at_least_one_stone_must_be_chosen() {
            RULES.given(buying(20, ONE_OF_EACH))
                    .when("ann", new CarraraMove.BuyStones(1, List.of()))
                    .thenRejected("no-stones-chosen");
        }

        @Test
        void only_stones_on_the_chosen_section_can_be_bought() {
            var given = RULES.given(buying(20, ONE_OF_EACH));
            given.when("ann", new CarraraMove.BuyStones(2, List.of(Stone.BLACK)))
                    .thenRejected("stones-not-on-wheel");
            given.when("ann", new CarraraMove.BuyStones(1, List.of(Stone.BLACK, Stone.BLACK)))
                    .thenRejected("stones-not-on-wheel");
        }

        @Test
        void stones_must_be_affordable() {
            RULES.given(buying(4, Stones.NONE, ONE_OF_EACH))
                    .when("ann", new CarraraMove.BuyStones(2, List.of(Stone.WHITE)))
                    .thenRejected("not-enough-coins");
        }
    }

    @Nested
    class BuyNothing {

        @Test
        void buying_nothing_is_only_for_when_no_stone_is_affordable() {
            RULES.given(buying(20, ONE_OF_EACH))
                    .when("ann", new CarraraMove.BuyNothing())
                    .thenRejected("must-buy-a-stone");

            CarraraState poor = buying(1, whites(1));
            assertEquals(List.of(new CarraraMove.BuyNothing()), ENGINE.legalMoves(poor, "ann"));
            RULES.given(poor)
                    .when("ann", new CarraraMove.BuyNothing())
                    .then(new StonePurchaseSkipped("ann"), new TurnEnded("ann", "bob"));
        }
    }

    @Nested
    class TakeCoins {

        @Test
        void without_coins_and_free_stones_the_player_reveals_and_takes_two_coins() {
            CarraraState s = buying(0, whites(1));
            RULES.given(s).when("ann", new CarraraMove.BuyNothing()).thenRejected("must-take-coins");
            assertEquals(List.of(new CarraraMove.TakeCoins()), ENGINE.legalMoves(s, "ann"));

            var taken = RULES.given(s).when("ann", new CarraraMove.TakeCoins());

            assertEquals(
                    new CoinsTaken("ann", 2, 0, s.player(0).stones().byColour()),
                    taken.events().get(0));
            assertEquals(2, taken.state().player(0).coins());
        }

        @Test
        void coins_cannot_be_taken_while_a_stone_is_affordable() {
            RULES.given(buying(0, Stones.NONE, Stones.NONE, Stones.NONE, new Stones(0, 0, 0, 1, 0, 0)))
                    .when("ann", new CarraraMove.TakeCoins())
                    .thenRejected("take-coins-not-allowed");
            RULES.given(buying(3, whites(1)))
                    .when("ann", new CarraraMove.TakeCoins())
                    .thenRejected("take-coins-not-allowed");
            RULES.given(start(2)).when("ann", new CarraraMove.TakeCoins()).thenRejected("take-coins-not-allowed");
        }

        @Test
        void when_no_action_is_possible_the_player_takes_two_coins() {
            // given an empty wheel and bag, no stones to build with and nothing to value
            CarraraState s = start(2);
            s = withHoldings(s, 0, 5, Stones.NONE).withWheel(wheel(), Stones.NONE, 0);

            assertEquals(List.of(new CarraraMove.TakeCoins()), ENGINE.legalMoves(s, "ann"));
            RULES.given(s)
                    .when("ann", new CarraraMove.TakeCoins())
                    .then(new CoinsTaken("ann", 2, 5, Stones.NONE.byColour()), new TurnEnded("ann", "bob"));
        }
    }

    @Nested
    class Build {

        @Test
        void building_takes_the_tile_pays_stones_into_the_bag_and_refills_the_display() {
            CarraraState s = start(2);
            Tile tile = s.display().get(0);
            Tile top = s.pile().get(0);
            s = withHoldings(s, 0, 20, whites(tile.cost()));
            List<Stone> payment = Collections.nCopies(tile.cost(), Stone.WHITE);

            var built =
                    RULES.given(s).when("ann", new CarraraMove.Build(tile.type(), tile.cost(), City.LIVORNO, payment));

            built.then(
                    new BuildingBuilt(
                            "ann",
                            tile.type().id(),
                            CarraraData.category(tile.type()).id(),
                            tile.cost(),
                            CarraraData.object(tile.type()).id(),
                            "Livorno",
                            payment.stream().map(Stone::id).toList()),
                    new BuildingRevealed(
                            top.type().id(),
                            CarraraData.category(top.type()).id(),
                            top.cost(),
                            CarraraData.object(top.type()).id(),
                            20));
            CarraraState after = built.state();
            assertEquals(
                    List.of(new Building(tile.type(), tile.cost(), City.LIVORNO)),
                    after.player(0).buildings());
            assertEquals(Stones.NONE, after.player(0).stones());
            assertEquals(s.bag().plus(whites(tile.cost())), after.bag());
            assertEquals(9, after.display().size());
            assertTrue(after.display().contains(top));
            assertFalse(after.display().contains(tile));
            assertEquals(Phase.AFTER_ACTION, after.phase());
        }

        @Test
        void an_empty_pile_leaves_the_display_short() {
            CarraraState s = start(2);
            s = s.withTiles(s.display(), List.of());
            s = withHoldings(
                    s,
                    0,
                    0,
                    new Stones(0, 0, 0, 0, 0, 0)
                            .plus(Stone.BLACK)
                            .plus(Stone.BLACK)
                            .plus(Stone.BLACK)
                            .plus(Stone.BLACK)
                            .plus(Stone.BLACK));
            Tile tile = s.display().get(0);

            var built = RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Build(
                                    tile.type(),
                                    tile.cost(),
                                    City.LERICI,
                                    Collections.nCopies(tile.cost(), Stone.BLACK)));

            assertEquals(
                    List.of(BuildingBuilt.class, TurnEnded.class),
                    built.events().stream().map(Object::getClass).toList());
            assertEquals(8, built.state().display().size());
        }

        @Test
        void only_displayed_buildings_can_be_built() {
            CarraraState s = start(2);
            Tile hidden = s.pile().get(0);
            s = withHoldings(s, 0, 20, whites(hidden.cost()));

            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Build(
                                    hidden.type(),
                                    hidden.cost(),
                                    City.LIVORNO,
                                    Collections.nCopies(hidden.cost(), Stone.WHITE)))
                    .thenRejected("building-not-available");
        }

        @Test
        void the_stones_paid_must_match_the_cost() {
            CarraraState s = start(2);
            Tile tile = s.display().get(0);
            s = withHoldings(s, 0, 20, whites(6));

            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Build(
                                    tile.type(),
                                    tile.cost(),
                                    City.LIVORNO,
                                    Collections.nCopies(tile.cost() + 1, Stone.WHITE)))
                    .thenRejected("wrong-stone-count");
        }

        @Test
        void a_city_accepts_only_its_colour_and_more_expensive_ones() {
            CarraraState s = start(2);
            Tile tile = s.display().get(0);
            s = withHoldings(s, 0, 20, new Stones(0, 5, 0, 0, 0, 0));
            List<Stone> yellows = Collections.nCopies(tile.cost(), Stone.YELLOW);

            RULES.given(s)
                    .when("ann", new CarraraMove.Build(tile.type(), tile.cost(), City.LIVORNO, yellows))
                    .thenRejected("stone-not-allowed");
            RULES.given(s)
                    .when("ann", new CarraraMove.Build(tile.type(), tile.cost(), City.PISA, yellows))
                    .events();
        }

        @Test
        void the_player_must_hold_the_stones() {
            CarraraState s = start(2);
            Tile tile = s.display().get(0);
            s = withHoldings(s, 0, 20, whites(tile.cost() - 1));

            RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Build(
                                    tile.type(),
                                    tile.cost(),
                                    City.LIVORNO,
                                    Collections.nCopies(tile.cost(), Stone.WHITE)))
                    .thenRejected("stones-not-held");
        }

        @Test
        void the_thirtieth_building_ends_the_game_after_the_round() {
            // given 29 buildings built and ann about to build the last one
            CarraraState s = start(2);
            List<Tile> tiles = new ArrayList<>(s.display());
            tiles.addAll(s.pile());
            Tile last = tiles.remove(0);
            for (int i = 0; i < tiles.size(); i++) {
                s = withBuilt(
                        s, i % 2, new Building(tiles.get(i).type(), tiles.get(i).cost(), City.LERICI));
            }
            assertEquals(List.of(last), s.display());
            s = withHoldings(s, 0, 0, new Stones(5, 0, 0, 0, 0, 0));

            var built = RULES.given(s)
                    .when(
                            "ann",
                            new CarraraMove.Build(
                                    last.type(),
                                    last.cost(),
                                    City.LIVORNO,
                                    Collections.nCopies(last.cost(), Stone.WHITE)));
            List<CarraraEvent> events = built.events();
            s = built.state();

            assertEquals(new TurnEnded("ann", "bob"), events.get(events.size() - 1));
            assertTrue(s.endTriggered());
            assertFalse(ENGINE.isOver(s));
            // when bob takes his turn too, the round is complete
            s = RULES.given(s).played("bob", new CarraraMove.RotateWheel()).state();
            s = withHoldings(s, 1, 0, s.player(1).stones());
            var bobs = RULES.given(s).when("bob", ENGINE.legalMoves(s, "bob").get(0));
            List<CarraraEvent> bobsEvents = bobs.events();
            GameFinished ended = assertInstanceOf(GameFinished.class, bobsEvents.get(bobsEvents.size() - 1));
            assertEquals("buildings-exhausted", ended.reason());
            assertNull(ended.declaredBy());
            assertEquals(
                    List.of("ann", "bob"),
                    ended.players().stream().map(GameFinished.Tally::player).toList());
            assertEquals(
                    30,
                    ended.players().stream()
                            .mapToInt(GameFinished.Tally::buildings)
                            .sum());
            CarraraState over = bobs.state();
            assertTrue(ENGINE.isOver(over));
            RULES.given(over).when("ann", new CarraraMove.RotateWheel()).thenRejected("game-over");
            assertEquals(List.of(), ENGINE.legalMoves(over, "ann"));
        }
    }

    @Nested
    class ValueType {

        @Test
        void a_type_valuation_requests_scoring_with_everything_the_scorer_needs() {
            RULES.given(annWithPalazzi())
                    .when("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                    .then(new ValuationRequested(
                            1,
                            "ann",
                            "type",
                            "Palazzo",
                            List.of(
                                    new ValuationRequested.Building("Livorno", "Palazzo", 3, "crown", 0),
                                    new ValuationRequested.Building("Pisa", "Palazzo", 2, "crown", 0)),
                            List.of(
                                    new ValuationRequested.City("Livorno", 3, "vp"),
                                    new ValuationRequested.City("Pisa", 3, "coins")),
                            Map.of("gate", 5, "crown", 5, "coat-of-arms", 5, "book", 5, "flag", 5, "cup", 5)));
        }

        @Test
        void each_type_is_valued_once_per_player() {
            CarraraState s = RULES.given(annWithPalazzi())
                    .played("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                    .and(new ValuationScored(1, "ann", "type", "Palazzo", 9, 6, List.of()))
                    .state();
            s = s.withTurn(0);

            RULES.given(s)
                    .when("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                    .thenRejected("type-already-valued");
            RULES.given(s)
                    .when("ann", new CarraraMove.ValueType(BuildingType.VILLA))
                    .events();
        }

        @Test
        void a_type_needs_a_building_of_it() {
            RULES.given(annWithPalazzi())
                    .when("ann", new CarraraMove.ValueType(BuildingType.PORTA))
                    .thenRejected("no-building-of-type");
        }

        @Test
        void six_valuation_markers_only_for_types_and_cities_alike() {
            CarraraState s = annWithPalazzi();
            PlayerState ann = s.player(0);
            for (int i = 0; i < 6; i++) {
                ann = ann.withMarkerUsed(null, null);
            }
            var given = RULES.given(s.withPlayer(0, ann));

            given.when("ann", new CarraraMove.ValueType(BuildingType.PALAZZO)).thenRejected("no-valuation-markers");
            given.when("ann", new CarraraMove.ValueCity(City.PISA)).thenRejected("no-valuation-markers");
        }
    }

    @Nested
    class ValueCity {

        @Test
        void a_city_valuation_counts_only_that_city_and_needs_its_minimum() {
            CarraraState s = annWithPalazzi();

            ValuationRequested request = (ValuationRequested) RULES.given(s)
                    .when("ann", new CarraraMove.ValueCity(City.PISA))
                    .events()
                    .get(0);

            assertEquals("city", request.kind());
            assertEquals(
                    List.of(
                            new ValuationRequested.Building("Pisa", "Palazzo", 2, "crown", 0),
                            new ValuationRequested.Building("Pisa", "Villa", 1, "flag", 0)),
                    request.buildings());
            assertEquals(List.of(new ValuationRequested.City("Pisa", 3, "coins")), request.cities());
            RULES.given(s).when("ann", new CarraraMove.ValueCity(City.LIVORNO)).thenRejected("too-few-buildings");
        }

        @Test
        void a_city_is_valued_only_once_by_all_players() {
            CarraraState s = RULES.given(annWithPalazzi())
                    .played("ann", new CarraraMove.ValueCity(City.PISA))
                    .and(new ValuationScored(1, "ann", "city", "Pisa", 0, 9, List.of("crown", "flag")))
                    .state();
            s = withBuilt(
                            s,
                            1,
                            new Building(BuildingType.PORTA, 1, City.PISA),
                            new Building(BuildingType.PORTA, 2, City.PISA))
                    .withTurn(1);

            RULES.given(s).when("bob", new CarraraMove.ValueCity(City.PISA)).thenRejected("city-already-valued");
        }
    }

    // --- while scoring-service values ---

    @Test
    void while_awaiting_a_valuation_every_move_is_rejected_and_none_is_legal() {
        CarraraState s = RULES.given(annWithPalazzi())
                .played("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                .state();

        assertEquals(Phase.AWAITING_VALUATION, s.phase());
        assertEquals(5, CarraraData.VALUATION_MARKERS - s.player(0).markersUsed());
        for (CarraraMove move : List.of(
                new CarraraMove.RotateWheel(),
                new CarraraMove.EndTurn(),
                new CarraraMove.BuyObject(ObjectKind.CUP),
                new CarraraMove.ValueType(BuildingType.VILLA),
                new CarraraMove.TakeCoins())) {
            RULES.given(s).when("ann", move).thenRejected("awaiting-valuation");
            RULES.given(s).when("bob", move).thenRejected("awaiting-valuation");
        }
        assertEquals(List.of(), ENGINE.legalMoves(s, "ann"));
        assertEquals(List.of(), ENGINE.legalMoves(s, "bob"));
    }

    @Test
    void the_scored_valuation_pays_and_play_resumes() {
        CarraraState s = RULES.given(annWithPalazzi())
                .played("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                .and(new ValuationScored(1, "ann", "type", "Palazzo", 9, 6, List.of("crown", "crown")))
                .state();

        PlayerState ann = s.player(0);
        assertEquals(9, ann.vp());
        assertEquals(26, ann.coins());
        assertEquals(2, ann.objects().get(ObjectKind.CROWN));
        assertEquals(3, s.supply().get(ObjectKind.CROWN));
        assertEquals(Phase.AFTER_ACTION, s.phase());
        assertNull(s.pending());
        RULES.given(s).when("ann", new CarraraMove.EndTurn()).then(new TurnEnded("ann", "bob"));
    }

    @Test
    void an_answer_to_no_pending_valuation_is_a_corrupt_stream() {
        CarraraState s = RULES.given(annWithPalazzi())
                .played("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                .state();

        assertThrows(
                IllegalArgumentException.class,
                () -> ENGINE.evolve(s, new ValuationScored(2, "ann", "type", "Palazzo", 9, 6, List.of())));
        assertThrows(
                IllegalArgumentException.class,
                () -> ENGINE.evolve(start(2), new ValuationScored(1, "ann", "type", "Palazzo", 9, 6, List.of())));
    }

    @Nested
    class DeclareEnd {

        @Test
        void only_a_player_who_met_the_goals_declares_the_end() {
            RULES.given(start(2)).when("ann", new CarraraMove.DeclareEnd()).thenRejected("goals-not-met");
            // given bob one object short of the goal
            CarraraState s = bobMeetsTheGoals(2);
            PlayerState bob = s.player(1);
            s = s.withPlayer(
                    1,
                    new PlayerState(
                            bob.name(),
                            bob.coins(),
                            bob.vp(),
                            bob.stones(),
                            bob.buildings(),
                            Counts.add(bob.objects(), List.of(ObjectKind.CUP), -1),
                            bob.typesValued(),
                            bob.markersUsed(),
                            bob.categoriesValued(),
                            bob.upgrades()));

            RULES.given(s).when("bob", new CarraraMove.DeclareEnd()).thenRejected("goals-not-met");
            assertFalse(ENGINE.legalMoves(s, "bob").contains(new CarraraMove.DeclareEnd()));
        }

        @Test
        void declaring_the_end_scores_five_and_the_round_is_completed() {
            CarraraState s = bobMeetsTheGoals(3);
            assertTrue(ENGINE.legalMoves(s, "bob").contains(new CarraraMove.DeclareEnd()));

            var declared = RULES.given(s).when("bob", new CarraraMove.DeclareEnd());
            s = declared.state();

            declared.then(new EndDeclared("bob", 5));
            assertEquals(5, s.player(1).vp());
            assertEquals(Phase.ACTION, s.phase());
            RULES.given(s).when("bob", new CarraraMove.DeclareEnd()).thenRejected("end-already-triggered");
            // bob still takes his action; cat, the last seat, completes the round
            s = RULES.given(s).played("bob", new CarraraMove.RotateWheel()).state();
            s = RULES.given(s).played("bob", ENGINE.legalMoves(s, "bob").get(0)).state();
            while (s.current() == 1) {
                s = RULES.given(s).played("bob", new CarraraMove.EndTurn()).state();
            }
            assertFalse(ENGINE.isOver(s));
            s = RULES.given(s).played("cat", new CarraraMove.RotateWheel()).state();
            s = RULES.given(s).played("cat", ENGINE.legalMoves(s, "cat").get(0)).state();
            assertEquals(Phase.AFTER_ACTION, s.phase(), "cat still has coins for an object");
            var last = RULES.given(s).when("cat", new CarraraMove.EndTurn());
            List<CarraraEvent> lastEvents = last.events();
            s = last.state();
            assertTrue(ENGINE.isOver(s));
            GameFinished ended = (GameFinished) lastEvents.get(lastEvents.size() - 1);
            assertEquals("declared", ended.reason());
            assertEquals("bob", ended.declaredBy());
        }
    }

    @Nested
    class BuyObject {

        @Test
        void an_object_costs_ten_and_ends_the_turn() {
            var bought = RULES.given(afterAction(15)).when("ann", new CarraraMove.BuyObject(ObjectKind.CROWN));

            bought.then(new ObjectBought("ann", "crown", 10), new TurnEnded("ann", "bob"));
            CarraraState after = bought.state();
            assertEquals(5, after.player(0).coins());
            assertEquals(1, after.player(0).objects().get(ObjectKind.CROWN));
            assertFalse(after.market().contains(ObjectKind.CROWN));
            assertEquals(5, after.supply().get(ObjectKind.CROWN));
        }

        @Test
        void each_object_on_the_board_is_sold_once() {
            CarraraState s = RULES.given(afterAction(30))
                    .played("ann", new CarraraMove.BuyObject(ObjectKind.CROWN))
                    .state();
            s = s.withTurn(0).withPhase(Phase.AFTER_ACTION);

            RULES.given(s)
                    .when("ann", new CarraraMove.BuyObject(ObjectKind.CROWN))
                    .thenRejected("object-not-available");
            assertFalse(ENGINE.legalMoves(s, "ann").contains(new CarraraMove.BuyObject(ObjectKind.CROWN)));
        }

        @Test
        void an_object_must_be_affordable() {
            CarraraState s = afterAction(9);

            RULES.given(s)
                    .when("ann", new CarraraMove.BuyObject(ObjectKind.CUP))
                    .thenRejected("not-enough-coins");
            assertEquals(List.of(new CarraraMove.EndTurn()), ENGINE.legalMoves(s, "ann"));
        }
    }

    @Nested
    class EndTurn {

        @Test
        void ending_the_turn_passes_it_on_and_wraps_round() {
            CarraraState s = afterAction(20).withTurn(1).withPhase(Phase.AFTER_ACTION);

            RULES.given(s).when("bob", new CarraraMove.EndTurn()).then(new TurnEnded("bob", "ann"));
        }
    }

    // --- turn order and phases ---

    @Test
    void only_the_current_player_moves() {
        RULES.given(start(2)).when("bob", new CarraraMove.RotateWheel()).thenRejected("not-your-turn");
        assertEquals(List.of(), ENGINE.legalMoves(start(2), "bob"));
    }

    @Test
    void strangers_cannot_move() {
        RULES.given(start(2)).when("eve", new CarraraMove.RotateWheel()).thenRejected("not-a-player");
    }

    @Test
    void moves_belong_to_their_step_of_the_turn() {
        RULES.given(start(2))
                .when("ann", new CarraraMove.BuyStones(1, List.of(Stone.BLACK)))
                .thenRejected("wrong-phase");
        RULES.given(start(2)).when("ann", new CarraraMove.EndTurn()).thenRejected("wrong-phase");
        RULES.given(buying(20, ONE_OF_EACH))
                .when("ann", new CarraraMove.RotateWheel())
                .thenRejected("wrong-phase");
        RULES.given(afterAction(20))
                .when("ann", new CarraraMove.ValueType(BuildingType.PALAZZO))
                .thenRejected("wrong-phase");
    }

    // --- views ---

    @Test
    void coins_are_hidden_behind_the_screen_and_the_bag_is_only_counted() throws Exception {
        CarraraState s = start(3);

        CarraraView forAnn = ENGINE.view(s, "ann");
        CarraraView forSpectator = ENGINE.view(s, null);

        assertEquals(20, forAnn.players().get(0).coins());
        assertNull(forAnn.players().get(1).coins());
        assertTrue(forSpectator.players().stream().allMatch(p -> p.coins() == null));
        assertEquals(s.bag().total(), forAnn.bag());
        String json = JSON.writeValueAsString(forSpectator);
        assertFalse(json.contains("\"seed\""), json);
        assertTrue(json.contains("\"coins\":null"), json);
        assertFalse(json.contains("\"empty\""), json);
    }

    @Test
    void the_view_of_everyone_shows_every_players_coins_and_otherwise_what_each_player_sees() throws Exception {
        CarraraState s = start(3);

        CarraraView all = ENGINE.viewOfEveryone(s);

        for (int i = 0; i < 3; i++) {
            PlayerState p = s.players().get(i);
            assertEquals(p.coins(), all.players().get(i).coins());
            CarraraView own = ENGINE.view(s, p.name());
            assertEquals(
                    JSON.writeValueAsString(own.players().get(i)),
                    JSON.writeValueAsString(all.players().get(i)));
        }
        ObjectNode spectators = JSON.valueToTree(ENGINE.view(s, null));
        ObjectNode everyone = JSON.valueToTree(all);
        assertEquals(spectators.without("players"), everyone.without("players"), "the rest is what anyone sees");
    }

    @Test
    void the_view_names_each_sections_prices_so_that_a_client_needs_no_table_of_its_own() {
        JsonNode prices = JSON.valueToTree(ENGINE.view(start(2), null)).get("prices");

        assertEquals(6, prices.size());
        for (int section = 1; section <= 6; section++) {
            for (Stone stone : Stone.values()) {
                assertEquals(
                        CarraraData.price(section, stone),
                        prices.get(section - 1).get(stone.id()).asInt());
            }
        }
        assertEquals(6, prices.get(0).get("white").asInt());
        assertEquals(0, prices.get(5).get("black").asInt());
    }
}
