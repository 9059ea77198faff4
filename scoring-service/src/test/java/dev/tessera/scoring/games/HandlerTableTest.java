package dev.tessera.scoring.games;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventTypes;
import dev.tessera.events.TesseraEvent;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.events.alhambra.TileInfo;
import dev.tessera.events.builders.BuildersEvent;
import dev.tessera.events.builders.PlayerTally;
import dev.tessera.events.carrara.GameFinished;
import dev.tessera.events.carrara.ValuationRequested;
import dev.tessera.events.carrara.ValuationScored;
import dev.tessera.events.game.GameEnded;
import dev.tessera.events.game.GameStarted;
import dev.tessera.events.game.MovesTakenBack;
import dev.tessera.events.scoring.FinalStandings;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The one table of scoring's event handlers, without a database: which events each part handles, that exactly
 * those (and GameStarted) are applied while every other event only moves its game on, and that an event reaches
 * its title's handler. The Alhambra handlers, which need the database, are {@link GameScoringTest}'s.
 */
class HandlerTableTest {
    private static final Set<Class<? extends TesseraEvent>> ALHAMBRA = Set.of(
            GameStarted.class,
            AlhambraEvent.TilePlaced.class,
            AlhambraEvent.TileReserved.class,
            AlhambraEvent.TilesSwapped.class,
            AlhambraEvent.TilesGivenToDirk.class,
            AlhambraEvent.DirkReceivedTiles.class,
            AlhambraEvent.ScoringRoundTriggered.class,
            MovesTakenBack.class);
    private static final Set<Class<? extends TesseraEvent>> CARRARA =
            Set.of(ValuationRequested.class, GameFinished.class);
    private static final Set<Class<? extends TesseraEvent>> BUILDERS = Set.of(BuildersEvent.GameFinished.class);
    private static final Set<Class<? extends TesseraEvent>> LIFECYCLE = Set.of(GameEnded.class);

    /** Records what the handlers publish, instead of the outbox. */
    private static final class Published implements HandlerContext {
        final List<TesseraEvent> events = new ArrayList<>();
        private final ObjectMapper mapper = new EventCodec().mapper();

        @Override
        public long version() {
            return 2;
        }

        @Override
        public Uni<Void> publish(ScoredGame game, TesseraEvent result) {
            events.add(result);
            return Uni.createFrom().voidItem();
        }

        @Override
        public ObjectMapper mapper() {
            return mapper;
        }
    }

    private static ScoredGame game(String title) {
        ScoredGame game = new ScoredGame();
        game.gameId = "g1";
        game.game = title;
        game.players = new String[] {"ana", "bob"};
        return game;
    }

    private static String name(Class<? extends TesseraEvent> type) {
        return EventTypes.of(type).value();
    }

    @Test
    void each_part_declares_the_events_of_its_title() {
        assertEquals(ALHAMBRA, HandlerTable.of(new AlhambraScoring()).types());
        assertEquals(CARRARA, HandlerTable.of(new CarraraScoring()).types());
        assertEquals(BUILDERS, HandlerTable.of(new BuildersScoring()).types());
        assertEquals(LIFECYCLE, HandlerTable.of(new LifecycleScoring()).types());
    }

    @Test
    void the_table_is_every_parts_handlers_and_exactly_its_events_are_applied() {
        Set<Class<? extends TesseraEvent>> all = new HashSet<>();
        List.of(ALHAMBRA, CARRARA, BUILDERS, LIFECYCLE).forEach(all::addAll);
        assertEquals(all, GameScoring.HANDLERS.types());

        Set<String> applied = EventTypes.all().stream()
                .map(HandlerTableTest::name)
                .filter(type -> !GameScoring.onlyAdvances(type))
                .collect(Collectors.toSet());
        assertEquals(all.stream().map(HandlerTableTest::name).collect(Collectors.toSet()), applied);
    }

    /**
     * The events applied without their game's row are exactly those whose handler writes rows of its own only (an
     * Alhambra tile's moves, an undo); the others read or change the game's row (its players, its scoring version,
     * whether it is finished), and GameStarted creates it.
     */
    @Test
    void a_tiles_moves_and_an_undo_are_applied_without_the_games_row_and_nothing_else_is() {
        Set<Class<? extends TesseraEvent>> byGameId = Set.of(
                AlhambraEvent.TilePlaced.class,
                AlhambraEvent.TileReserved.class,
                AlhambraEvent.TilesSwapped.class,
                AlhambraEvent.TilesGivenToDirk.class,
                AlhambraEvent.DirkReceivedTiles.class,
                MovesTakenBack.class);
        assertEquals(byGameId, GameScoring.HANDLERS.byGameIdTypes());
        EventTypes.all()
                .forEach(type -> assertEquals(
                        byGameId.contains(type), GameScoring.advancesWithoutItsRow(name(type)), name(type)));
        assertFalse(GameScoring.advancesWithoutItsRow(null));
    }

    @Test
    void game_started_is_applied_whoever_handles_it_and_a_record_that_does_not_say_is_read() {
        assertFalse(GameScoring.onlyAdvances(name(GameStarted.class)));
        assertFalse(GameScoring.onlyAdvances(null));
    }

    @Test
    void an_event_without_a_handler_only_moves_its_game_on() {
        assertTrue(GameScoring.onlyAdvances(name(AlhambraEvent.TileBought.class)));
        assertTrue(GameScoring.onlyAdvances(name(AlhambraEvent.TurnEnded.class)));
        assertTrue(GameScoring.onlyAdvances(name(ValuationScored.class)));
        assertTrue(GameScoring.onlyAdvances("tessera.nothing.Known"));

        ScoredGame game = game("alhambra");
        Published published = new Published();
        GameScoring.HANDLERS
                .apply(published, game, new AlhambraEvent.TurnEnded("ana", "bob"))
                .await()
                .indefinitely();
        assertEquals(List.of(), published.events);
        assertFalse(game.finished);
    }

    @Test
    void event_types_are_matched_by_class_so_each_must_be_a_record() {
        GameScoring.HANDLERS.types().forEach(type -> assertTrue(type.isRecord(), type.getName()));
    }

    @Test
    void two_handlers_for_one_event_type_are_refused() {
        IllegalStateException refused = assertThrows(
                IllegalStateException.class, () -> HandlerTable.of(new BuildersScoring(), new BuildersScoring()));
        assertEquals("two handlers for " + BuildersEvent.GameFinished.class.getName(), refused.getMessage());
    }

    @Test
    void a_carrara_valuation_request_reaches_carraras_handler_and_is_answered() {
        Published published = new Published();
        ValuationRequested request = new ValuationRequested(
                1,
                "ana",
                "city",
                "Pisa",
                List.of(new ValuationRequested.Building("Pisa", "Palazzo", 3, "crown", 0)),
                List.of(new ValuationRequested.City("Pisa", 3, "vp")),
                Map.of("crown", 2));
        GameScoring.HANDLERS.apply(published, game("carrara"), request).await().indefinitely();
        ValuationScored answer = (ValuationScored) published.events.get(0);
        assertEquals(1, published.events.size());
        assertEquals(1, answer.valuation());
        assertEquals("ana", answer.player());
        assertEquals(9, answer.vp() + answer.coins());
    }

    @Test
    void a_carrara_game_finished_reaches_carraras_handler_and_becomes_final_standings() {
        Published published = new Published();
        GameFinished finished = new GameFinished(
                "declared",
                "ana",
                5,
                1,
                0,
                1,
                null,
                List.of(
                        new GameFinished.Tally("ana", 10, 12, 2, 2, 3, 9, 1, 0),
                        new GameFinished.Tally("bob", 20, 0, 0, 0, 0, 0, 0, 0)));
        GameScoring.HANDLERS.apply(published, game("carrara"), finished).await().indefinitely();
        assertEquals(
                List.of(new FinalStandings(
                        "g1",
                        "carrara",
                        List.of(new FinalStandings.Standing("bob", 20, 1), new FinalStandings.Standing("ana", 17, 2)))),
                published.events);
    }

    @Test
    void a_builders_game_finished_reaches_the_builders_handler_and_becomes_final_standings() {
        Published published = new Published();
        BuildersEvent.GameFinished finished = new BuildersEvent.GameFinished(
                "bob",
                "target-reached",
                9,
                List.of(new PlayerTally("ana", 17, 25, 6), new PlayerTally("bob", 18, 9, 7)));
        GameScoring.HANDLERS
                .apply(published, game("builders"), finished)
                .await()
                .indefinitely();
        assertEquals(
                List.of(new FinalStandings(
                        "g1",
                        "builders",
                        List.of(new FinalStandings.Standing("ana", 19, 1), new FinalStandings.Standing("bob", 18, 2)))),
                published.events);
    }

    @Test
    void game_ended_marks_the_game_finished_and_publishes_nothing() {
        ScoredGame game = game("builders");
        Published published = new Published();
        GameScoring.HANDLERS
                .apply(published, game, new GameEnded("g1", List.of()))
                .await()
                .indefinitely();
        assertTrue(game.finished);
        assertEquals(List.of(), published.events);
    }

    @Test
    void a_game_started_of_another_title_gives_alhambras_handler_nothing_to_do() {
        Published published = new Published();
        GameStarted started = new GameStarted(
                "g1",
                "t",
                "carrara",
                List.of("ana", "bob"),
                1L,
                Map.of(),
                new EventCodec().mapper().valueToTree(Map.of("dirk", List.of(new TileInfo(6, "pavilion", 2, "NEW")))));
        GameScoring.HANDLERS.apply(published, game("carrara"), started).await().indefinitely();
        assertEquals(List.of(), published.events);
    }
}
