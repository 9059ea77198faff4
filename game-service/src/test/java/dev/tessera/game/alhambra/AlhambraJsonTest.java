package dev.tessera.game.alhambra;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.events.EventCodec;
import dev.tessera.events.EventType;
import dev.tessera.events.alhambra.AlhambraEvent;
import dev.tessera.game.alhambra.AlhambraMove.GiveToDirk;
import dev.tessera.game.alhambra.AlhambraMove.TakeMoney;
import dev.tessera.game.rules.Decision;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static dev.tessera.game.alhambra.Fixture.ENGINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Moves, views and events as JSON: what clients and other services read and send. */
class AlhambraJsonTest {
    private final ObjectMapper mapper = EventCodec.newMapper();

    /** States met along random 2- and 4-player games, every 7th move. */
    private static List<AlhambraState> sampledStates() {
        List<AlhambraState> states = new ArrayList<>();
        for (int players : new int[] {2, 4}) {
            for (long seed = 1; seed <= 4; seed++) {
                int[] count = {0};
                RandomPlayout.play(Fixture.setup(players, seed), new Random(seed), s -> {
                    if (count[0]++ % 7 == 0 && !ENGINE.isOver(s)) {
                        states.add(s);
                    }
                });
            }
        }
        return states;
    }

    @Test
    void everyLegalMoveRoundTripsThroughJsonAndIsAccepted() throws Exception {
        Set<String> types = new HashSet<>();
        for (AlhambraState s : sampledStates()) {
            String player = RandomPlayout.mover(s);
            for (AlhambraMove move : ENGINE.legalMoves(s, player)) {
                String json = mapper.writeValueAsString(move);
                AlhambraMove read = mapper.readValue(json, AlhambraMove.class);
                assertEquals(move, read, json);
                assertInstanceOf(Decision.Accepted.class, ENGINE.decide(s, player, read), json);
                types.add(mapper.readTree(json).get("type").asText());
            }
        }
        assertEquals(Set.of("take-money", "buy-tile", "redesign-place", "redesign-remove", "redesign-swap",
                "place-tile", "reserve-tile", "give-to-dirk"), types);
    }

    @Test
    void movesHaveTheDocumentedShape() throws Exception {
        assertEquals(new TakeMoney(List.of(3, 17)),
                mapper.readValue("{\"type\":\"take-money\",\"cards\":[3,17]}", AlhambraMove.class));
        assertEquals(new AlhambraMove.PlaceTile(12, -1, 2),
                mapper.readValue("{\"type\":\"place-tile\",\"tile\":12,\"x\":-1,\"y\":2}", AlhambraMove.class));
        assertEquals("{\"type\":\"give-to-dirk\"}", mapper.writeValueAsString(new GiveToDirk()));
        assertEquals("{\"type\":\"pass\"}", mapper.writeValueAsString(new AlhambraMove.Pass()));
        assertEquals("{\"type\":\"buy-tile\",\"tile\":12,\"cards\":[5,8]}",
                mapper.writeValueAsString(new AlhambraMove.BuyTile(12, List.of(5, 8))));
    }

    @Test
    void aViewShowsOwnHandOnlyAndNeverTheDeckTheSupplyOrTheSeed() throws Exception {
        for (AlhambraState s : sampledStates()) {
            for (String viewer : new String[] {"p1", null}) {
                JsonNode view = mapper.valueToTree(ENGINE.view(s, viewer));
                Set<Integer> visibleCards = new HashSet<>();
                s.display().forEach(c -> visibleCards.add(c.id()));
                Set<Integer> visibleTiles = new HashSet<>();
                s.market().stream().filter(m -> m.tile() != null).forEach(m -> visibleTiles.add(m.tile().id()));
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
    void aViewCarriesScoresPhaseAndPendingTiles() throws Exception {
        AlhambraState s = Fixture.withPending(Fixture.p1ToAct(), "p1", Fixture.tile(12))
                .withPhase(AlhambraState.Phase.PLACEMENT);
        JsonNode view = mapper.valueToTree(ENGINE.view(s, "p2"));
        assertEquals("placement", view.get("phase").asText());
        assertEquals("p1", view.get("currentPlayer").asText());
        assertEquals("pavilion", view.at("/players/0/pending/0/type").asText());
        assertEquals("", view.at("/players/0/pending/0/walls").asText());
        assertEquals("[0,0,0]", view.at("/players/0/roundPoints").toString());
        assertEquals("yellow", view.at("/market/0/currency").asText());
        assertNull(((AlhambraView) ENGINE.view(s, null)).dirk());
    }

    @Test
    void eventsArePublishedTypesAndRoundTripThroughTheEventMapper() throws Exception {
        Set<String> names = new HashSet<>();
        for (Class<?> type : AlhambraEvent.class.getPermittedSubclasses()) {
            EventType annotation = type.getAnnotation(EventType.class);
            assertNotNull(annotation, type.getName());
            assertTrue(annotation.value().startsWith("tessera.alhambra."), annotation.value());
            assertTrue(names.add(annotation.value()), "duplicate " + annotation.value());
        }
        Set<Class<?>> seen = new HashSet<>();
        for (long seed = 1; seed <= 3; seed++) {
            for (AlhambraEvent e : RandomPlayout.play(Fixture.setup(2, seed), new Random(seed), s -> { }).events()) {
                String json = mapper.writeValueAsString(e);
                assertEquals(e, mapper.readValue(json, e.getClass()), json);
                seen.add(e.getClass());
            }
        }
        assertTrue(seen.size() >= 12, "a game produces most event types: " + seen);
    }
}
