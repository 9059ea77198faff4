package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A handful of stones counted by colour: a player's stock, a wheel section, the bag. */
public record Stones(int white, int yellow, int red, int green, int blue, int black) {

    public static final Stones NONE = new Stones(0, 0, 0, 0, 0, 0);

    public Stones {
        if (white < 0 || yellow < 0 || red < 0 || green < 0 || blue < 0 || black < 0) {
            throw new IllegalArgumentException("negative stone count");
        }
    }

    public static Stones of(Collection<Stone> stones) {
        int[] counts = new int[6];
        for (Stone stone : stones) {
            counts[stone.ordinal()]++;
        }
        return of(counts);
    }

    static Stones of(int[] counts) {
        return new Stones(counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]);
    }

    public int get(Stone stone) {
        return switch (stone) {
            case WHITE -> white;
            case YELLOW -> yellow;
            case RED -> red;
            case GREEN -> green;
            case BLUE -> blue;
            case BLACK -> black;
        };
    }

    int[] counts() {
        return new int[] {white, yellow, red, green, blue, black};
    }

    public int total() {
        return white + yellow + red + green + blue + black;
    }

    @JsonIgnore
    public boolean isEmpty() {
        return total() == 0;
    }

    public boolean containsAll(Stones other) {
        return white >= other.white
                && yellow >= other.yellow
                && red >= other.red
                && green >= other.green
                && blue >= other.blue
                && black >= other.black;
    }

    public Stones plus(Stones other) {
        return new Stones(
                white + other.white,
                yellow + other.yellow,
                red + other.red,
                green + other.green,
                blue + other.blue,
                black + other.black);
    }

    public Stones minus(Stones other) {
        return new Stones(
                white - other.white,
                yellow - other.yellow,
                red - other.red,
                green - other.green,
                blue - other.blue,
                black - other.black);
    }

    public Stones plus(Stone stone) {
        int[] counts = counts();
        counts[stone.ordinal()]++;
        return of(counts);
    }

    /** Every stone, most expensive colour first. */
    public List<Stone> toList() {
        List<Stone> list = new ArrayList<>(total());
        for (Stone stone : Stone.values()) {
            for (int i = get(stone); i > 0; i--) {
                list.add(stone);
            }
        }
        return list;
    }

    /** Counts keyed by colour id ("white"), for events and views. */
    public Map<String, Integer> byColour() {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (Stone stone : Stone.values()) {
            map.put(stone.id(), get(stone));
        }
        return map;
    }
}
