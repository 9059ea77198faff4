package dev.tessera.scoring.alhambra;

/** Answer of the wall calculator. */
public record AlhambraWallResponse(int longestWall) {}
