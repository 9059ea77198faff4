package dev.tessera.game.alhambra;

/** A square of an Alhambra: x grows east, y grows south, the fountain is at (0,0). */
public record Square(int x, int y) {}
