package dev.tessera.game.alhambra;

import dev.tessera.events.alhambra.MoneyCardInfo;
import dev.tessera.events.alhambra.TileInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Translates components to and from their self-describing event form; events are read back by id. */
final class Infos {
    private Infos() {}

    static TileInfo info(Tile t) {
        return new TileInfo(t.id(), t.type().code(), t.cost(), t.walls().code());
    }

    static MoneyCardInfo info(MoneyCard c) {
        return new MoneyCardInfo(c.id(), c.currency().code(), c.value());
    }

    static List<TileInfo> tileInfos(Collection<Tile> tiles) {
        List<TileInfo> infos = new ArrayList<>(tiles.size());
        tiles.forEach(t -> infos.add(info(t)));
        return infos;
    }

    static List<MoneyCardInfo> cardInfos(Collection<MoneyCard> cards) {
        List<MoneyCardInfo> infos = new ArrayList<>(cards.size());
        cards.forEach(c -> infos.add(info(c)));
        return infos;
    }

    static Tile tile(TileInfo info) {
        return AlhambraData.tile(info.id());
    }

    static List<Tile> tiles(Collection<TileInfo> infos) {
        List<Tile> tiles = new ArrayList<>(infos.size());
        infos.forEach(i -> tiles.add(tile(i)));
        return tiles;
    }

    static List<MoneyCard> cards(Collection<MoneyCardInfo> infos) {
        List<MoneyCard> cards = new ArrayList<>(infos.size());
        infos.forEach(i -> cards.add(AlhambraData.moneyCard(i.id())));
        return cards;
    }

    static Currency currency(String code) {
        return Currency.valueOf(code.toUpperCase(java.util.Locale.ROOT));
    }
}
