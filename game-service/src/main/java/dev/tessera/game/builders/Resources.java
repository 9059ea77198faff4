package dev.tessera.game.builders;

/** Amounts of the four resources, as a building requires them or a worker supplies them. */
public record Resources(int stone, int wood, int knowledge, int tile) {

    public static final Resources NONE = new Resources(0, 0, 0, 0);

    public Resources plus(Resources other) {
        return new Resources(stone + other.stone, wood + other.wood, knowledge + other.knowledge, tile + other.tile);
    }

    /** True when each resource separately is at least the {@code required} amount; surplus counts for nothing. */
    public boolean covers(Resources required) {
        return stone >= required.stone
                && wood >= required.wood
                && knowledge >= required.knowledge
                && tile >= required.tile;
    }

    public int total() {
        return stone + wood + knowledge + tile;
    }
}
