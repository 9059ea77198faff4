package dev.tessera.game.carrara;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Expansion: the eight upgrade tiles, one for each city and one for each building category. Whoever builds a
 * cost-8 building takes one; from then on it raises the value of that city, or of every building of that
 * category, in its owner's valuations ({@link CarraraData#UPGRADE_BONUS}).
 */
public enum Upgrade {
    LIVORNO(City.LIVORNO, null),
    PISA(City.PISA, null),
    LUCCA(City.LUCCA, null),
    VIAREGGIO(City.VIAREGGIO, null),
    MASSA(City.MASSA, null),
    LERICI(City.LERICI, null),
    CITY_BUILDINGS(null, Category.CITY),
    LAND_BUILDINGS(null, Category.LAND);

    private final City city;
    private final Category category;

    Upgrade(City city, Category category) {
        this.city = city;
        this.category = category;
    }

    /** The city's name ("Pisa"), or the category's ("city", "land"). */
    @JsonValue
    public String id() {
        return city != null ? city.id() : category.id();
    }

    /** True when the tile raises the value of {@code building} standing where it stands. */
    public boolean covers(Building building) {
        return city == building.city() || category == CarraraData.category(building.type());
    }

    public static Upgrade of(String id) {
        for (Upgrade upgrade : values()) {
            if (upgrade.id().equals(id)) {
                return upgrade;
            }
        }
        throw new IllegalArgumentException("unknown upgrade tile " + id);
    }
}
