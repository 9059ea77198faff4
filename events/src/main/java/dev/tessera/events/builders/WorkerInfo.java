package dev.tessera.events.builders;

/**
 * A worker card as events describe it: its rank ({@code apprentice}, {@code labourer}, {@code craftsman},
 * {@code master}), the resources it supplies and the wage paid each time it is sent to work.
 */
public record WorkerInfo(int id, String type, int stone, int wood, int knowledge, int tile, int wage) {}
