package dev.tessera.scoring.alhambra;

/**
 * A tile of a calculator layout, as JSON: {@code {"x": 1, "y": 0, "type": "tower", "walls": "NE"}}.
 * {@code walls} lists the walled sides (any order, "" for none). The fountain at (0, 0) is implicit; it may
 * be listed with type "fountain" or no type, and no walls. Fields are boxed so a missing one can be named.
 */
public record AlhambraTile(Integer x, Integer y, String type, String walls) {}
