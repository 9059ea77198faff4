package dev.tessera.events;

import java.util.List;
import java.util.Optional;

/** The titles Tessera hosts, with the player counts their rules allow. */
public final class Games {
    public record Title(String id, String name, int minPlayers, int maxPlayers) {}

    public static final List<Title> ALL = List.of(
            new Title("alhambra", "Alhambra", 2, 6),
            new Title("carrara", "Carrara", 2, 4),
            new Title("builders", "The Builders: Middle Ages", 2, 4));

    private Games() {}

    public static Optional<Title> byId(String id) {
        return ALL.stream().filter(t -> t.id().equals(id)).findFirst();
    }
}
