package dev.tessera.game.alhambra;

import static dev.tessera.game.alhambra.Crafted.p1ToAct;
import static dev.tessera.game.alhambra.Crafted.tile;
import static dev.tessera.game.alhambra.Crafted.withPending;
import static dev.tessera.game.rules.RulesFixture.setup;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventType;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.game.alhambra.AlhambraMove.GiveToDirk;
import dev.tessera.game.alhambra.AlhambraMove.TakeMoney;
import dev.tessera.game.rules.Decision;
import dev.tessera.game.rules.RulesFixture;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Moves, views and events as JSON: what clients and other services read and send. */
class AlhambraJsonTest {
    private static final RulesFixture<AlhambraState, AlhambraMove, AlhambraEvent> RULES =
            RulesFixture.of(new AlhambraEngine());
    private final ObjectMapper mapper = EventCodec.newMapper();

    /** States met along random 2- and 4-player games, every 7th move. */
    private static List<AlhambraState> sampledStates() {
        List<AlhambraState> states = new ArrayList<>();
        for (int players : new int[] {2, 4}) {
            for (long seed = 1; seed <= 4; seed++) {
                int[] count = {0};
                AlhambraPropertyTest.randomGames()
                        .after((before, mover, move, events, after) -> {
                            if (count[0]++ % 7 == 0 && !RULES.engine().isOver(after)) {
                                states.add(after);
                            }
                        })
                        .play(setup(players, seed), new Random(seed));
            }
        }
        return states;
    }

    @Test
    void every_legal_move_round_trips_through_json_and_is_accepted() throws Exception {
        Set<String> types = new HashSet<>();
        for (AlhambraState s : sampledStates()) {
            for (String player : s.seats()) {
                for (AlhambraMove move : RULES.engine().legalMoves(s, player)) {
                    String json = mapper.writeValueAsString(move);
                    AlhambraMove read = mapper.readValue(json, AlhambraMove.class);
                    assertEquals(move, read, json);
                    assertInstanceOf(Decision.Accepted.class, RULES.engine().decide(s, player, read), json);
                    types.add(mapper.readTree(json).get("type").asText());
                }
            }
        }
        assertEquals(
                Set.of(
                        "take-money",
                        "buy-tile",
                        "redesign-place",
                        "redesign-remove",
                        "redesign-swap",
                        "place-tile",
                        "reserve-tile",
                        "give-to-dirk"),
                types);
    }

    @Test
    void moves_have_the_documented_shape() throws Exception {
        assertEquals(
                new TakeMoney(List.of(3, 17)),
                mapper.readValue("{\"type\":\"take-money\",\"cards\":[3,17]}", AlhambraMove.class));
        assertEquals(
                new AlhambraMove.PlaceTile(12, -1, 2),
                mapper.readValue("{\"type\":\"place-tile\",\"tile\":12,\"x\":-1,\"y\":2}", AlhambraMove.class));
        assertEquals("{\"type\":\"give-to-dirk\"}", mapper.writeValueAsString(new GiveToDirk()));
        assertEquals("{\"type\":\"pass\"}", mapper.writeValueAsString(new AlhambraMove.Pass()));
        assertEquals(
                "{\"type\":\"buy-tile\",\"tile\":12,\"cards\":[5,8]}",
                mapper.writeValueAsString(new AlhambraMove.BuyTile(12, List.of(5, 8))));
    }

    @Test
    void a_view_shows_own_hand_only_and_never_the_deck_the_supply_or_the_seed() throws Exception {
        for (AlhambraState s : sampledStates()) {
            for (String viewer : new String[] {"p1", null}) {
                JsonNode view = mapper.valueToTree(RULES.engine().view(s, viewer));
                Set<Integer> visibleCards = new HashSet<>();
                s.display().forEach(c -> visibleCards.add(c.id()));
                Set<Integer> visibleTiles = new HashSet<>();
                s.market().stream()
                        .filter(m -> m.tile() != null)
                        .forEach(m -> visibleTiles.add(m.tile().id()));
                s.dirk().forEach(t -> visibleTiles.add(t.id()));
                s.unclaimed().forEach(t -> visibleTiles.add(t.id()));
                for (PlayerState p : s.players()) {
                    if (p.id().equals(viewer)) {
                        p.hand().forEach(c -> visibleCards.add(c.id()));
                    }
                    p.alhambra().forEach(t -> visibleTiles.add(t.tile().id()));
                    p.reserve().forEach(t -> visibleTiles.add(t.id()));
                    p.pending().forEach(t -> visibleTiles.add(t.id()));
                }
                walk(view, visibleCards, visibleTiles);
                assertFalse(view.toString().contains("seed"));
                assertEquals(s.deck().size(), view.get("deckSize").asInt());
                for (JsonNode p : view.get("players")) {
                    boolean own = p.get("id").asText().equals(viewer);
                    assertEquals(own, !p.get("hand").isNull());
                    assertEquals(4, p.get("money").size());
                    assertNotNull(p.get("handSize"));
                }
            }
        }
    }

    /** Every card and tile object in the view must be one the viewer may see. */
    private static void walk(JsonNode node, Set<Integer> cards, Set<Integer> tiles) {
        if (node.has("value") && node.has("currency")) {
            assertTrue(cards.contains(node.get("id").asInt()), "hidden card shown: " + node);
        }
        if (node.has("walls") && node.has("cost")) {
            assertTrue(tiles.contains(node.get("id").asInt()), "hidden tile shown: " + node);
        }
        node.forEach(child -> walk(child, cards, tiles));
    }

    @Test
    void the_view_of_everyone_shows_every_hand_and_otherwise_what_each_player_sees_of_themselves() {
        for (AlhambraState s : sampledStates()) {
            JsonNode all = mapper.valueToTree(RULES.engine().viewOfEveryone(s));
            for (int i = 0; i < s.players().size(); i++) {
                PlayerState p = s.players().get(i);
                JsonNode own = mapper.valueToTree(RULES.engine().view(s, p.id()));
                assertEquals(
                        p.hand().size(), all.get("players").get(i).get("hand").size());
                assertEquals(own.get("players").get(i), all.get("players").get(i));
            }
            ObjectNode spectators = mapper.valueToTree(RULES.engine().view(s, null));
            assertEquals(spectators.without("players"), ((ObjectNode) all).without("players"));
        }
    }

    @Test
    void a_view_carries_scores_phase_and_pending_tiles() throws Exception {
        AlhambraState s = withPending(p1ToAct(), "p1", tile(12)).withPhase(AlhambraState.Phase.PLACEMENT);
        JsonNode view = mapper.valueToTree(RULES.engine().view(s, "p2"));
        assertEquals("placement", view.get("phase").asText());
        assertEquals("p1", view.get("currentPlayer").asText());
        assertEquals("pavilion", view.at("/players/0/pending/0/type").asText());
        assertEquals("", view.at("/players/0/pending/0/walls").asText());
        assertEquals("[0,0,0]", view.at("/players/0/roundPoints").toString());
        assertEquals("yellow", view.at("/market/0/currency").asText());
        assertNull(((AlhambraView) RULES.engine().view(s, null)).dirk());
    }

    @Test
    void events_are_published_types_and_round_trip_through_the_event_mapper() throws Exception {
        Set<String> names = new HashSet<>();
        for (Class<?> type : AlhambraEvent.class.getPermittedSubclasses()) {
            EventType annotation = type.getAnnotation(EventType.class);
            assertNotNull(annotation, type.getName());
            assertTrue(annotation.value().startsWith("tessera.alhambra."), annotation.value());
            assertTrue(names.add(annotation.value()), "duplicate " + annotation.value());
        }
        Set<Class<?>> seen = new HashSet<>();
        for (long seed = 1; seed <= 3; seed++) {
            for (AlhambraEvent e : AlhambraPropertyTest.randomGames()
                    .play(setup(2, seed), new Random(seed))
                    .events()) {
                String json = mapper.writeValueAsString(e);
                assertEquals(e, mapper.readValue(json, e.getClass()), json);
                seen.add(e.getClass());
            }
        }
        assertTrue(seen.size() >= 12, "a game produces most event types: " + seen);
    }
}
