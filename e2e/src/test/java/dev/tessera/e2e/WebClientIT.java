package dev.tessera.e2e;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tessera.infra.TcpProxy;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chromium.HasCdp;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

/**
 * The web client in a real browser (Debian's chromium through chromedriver), against the whole platform: for each
 * title two people sign up, meet at a table and play a whole game by clicking legal moves on the board, until the final
 * standings appear; a third watches a Carrara game live, through a network connection that is cut and restored. In
 * each game one player's browser speaks English at a desktop's width and the other's Japanese on a phone, so every title
 * is played to its standings in both languages, and at a desktop's and a phone's width, in one game. Screenshots of every
 * game page go to e2e/target/webclient/.
 *
 * <p>Every wait is on the page's state (the game's version, whether it is busy, the live feed's status), polled
 * every 20 ms; before each move every page at the table must show the same version, so a move appears on the other
 * players' and the spectator's pages through the live feed before the next one is made.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebClientIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TURN = Duration.ofSeconds(90);

    private final Path shots = Path.of(System.getProperty("tessera.root", "..")).resolve("e2e/target/webclient");
    private final String tag = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private final List<Browser> browsers = java.util.Collections.synchronizedList(new ArrayList<>());
    private String gateway;

    @BeforeAll
    void start() {
        Browser.assumeInstalled();
        long began = System.nanoTime();
        Platform.useGateway();
        gateway = Platform.shared().gateway();
        System.out.printf("WebClientIT timing: the platform ready in %.1f s%n", (System.nanoTime() - began) / 1e9);
    }

    @AfterAll
    void stop() {
        browsers.forEach(Browser::close);
    }

    /** When the current test, or its current phase, began: for {@link #phase}. */
    private long testBegan;

    private long phaseBegan;
    private String testName = "";

    @BeforeEach
    void startClock(TestInfo test) {
        testName = test.getTestMethod().map(java.lang.reflect.Method::getName).orElse("?");
        testBegan = phaseBegan = System.nanoTime();
    }

    @AfterEach
    void stopClock() {
        phase("the rest");
        System.out.printf(
                "WebClientIT timing: %s took %.1f s (so far in all: %d runs of axe-core %.1f s, starting browsers"
                        + " %.1f s)%n",
                testName, (System.nanoTime() - testBegan) / 1e9, AXE_RUNS.get(), AXE.get() / 1e9, STARTS.get() / 1e9);
    }

    /** Logs how long the test's phase that ends now took (where the browser test's time goes). */
    private void phase(String what) {
        long now = System.nanoTime();
        System.out.printf("WebClientIT timing: %s: %s %.1f s%n", testName, what, (now - phaseBegan) / 1e9);
        phaseBegan = now;
    }

    private Browser browser(String who, String base) {
        return browser(who, base, "en");
    }

    private Browser browser(String who, String base, String lang) {
        long began = System.nanoTime();
        Browser b = new Browser(who, base, lang);
        STARTS.addAndGet(System.nanoTime() - began);
        browsers.add(b);
        return b;
    }

    /** The time spent in axe-core's runs and in starting browsers, over the whole class: for the timing lines. */
    private static final java.util.concurrent.atomic.AtomicLong AXE = new java.util.concurrent.atomic.AtomicLong();

    private static final java.util.concurrent.atomic.AtomicInteger AXE_RUNS =
            new java.util.concurrent.atomic.AtomicInteger();
    private static final java.util.concurrent.atomic.AtomicLong STARTS = new java.util.concurrent.atomic.AtomicLong();

    // ---- the three games --------------------------------------------------------------------------------------

    @Test
    void alhambra_two_players_play_a_whole_game_choosing_tiles_and_squares_on_the_board_and_see_the_standings() {
        Browser ana = browser("ana", gateway);
        // bob's browser speaks Japanese, on a phone (390 px wide): the same game, each page in its reader's language
        // and at its reader's width, every move on the board.
        Browser bob = browser("bob", gateway, "ja");
        bob.size(390, 844);
        String gameId = meet("alhambra", ana, "ana-" + tag, bob, "bob-" + tag);
        String anaId = sessionId(ana);
        String bobId = sessionId(bob);
        inJapanese(bob);
        List<String> headings =
                bob.all(".alhambra h2").stream().map(WebElement::getText).toList();
        assertTrue(headings.contains("広場"), "no 広場 (the market) among bob's headings: " + headings);
        ana.recordWaiting();
        bob.recordWaiting();
        turnNotificationsAsked(ana);
        double viewsUnread = viewsUnread();
        boolean[] checkedHands = {false};
        long started = System.nanoTime();
        recordMotion(ana);
        recordMotion(bob);
        int moves = play("alhambra", List.of(ana, bob), List.of(), n -> {
                    if (!checkedHands[0]) {
                        checkedHands[0] = handsStayHidden(ana, anaId, bob);
                    }
                    if (n == 20) {
                        translated(bob, "mid-game");
                        // Tiles and cards travelled to their places, briefly; then a reader who asks for less motion
                        // sees none (from the next move on: this one's may still be starting).
                        for (Browser b : List.of(ana, bob)) {
                            lessMotion(b, true);
                            movedBriefly(b, "travel", "arrive");
                        }
                    }
                    if (n == 21) {
                        motions(ana);
                        motions(bob);
                    }
                    if (n == 31) {
                        for (Browser b : List.of(ana, bob)) {
                            assertEquals(List.of(), motions(b), b.who + ": motion with prefers-reduced-motion set");
                            lessMotion(b, false);
                        }
                    }
                    if (n == 40) {
                        screenshots("alhambra", List.of(ana, bob));
                        turnInTitle(ana, anaId);
                        turnNotified(ana);
                    }
                })
                .moves();
        assertTrue(checkedHands[0], "ana never held a card to check against bob's page");
        assertStandings("alhambra", ana, bob);
        // After each move the mover's page reads the board at the version its answer named, and the other page at the
        // version the feed brought (minVersion): game-service, which made those appends, answers from memory.
        double unread = viewsUnread() - viewsUnread;
        System.out.printf(
                "WebClientIT: %.0f views of the game now answered without a read, for %d moves%n", unread, moves);
        assertTrue(unread >= moves, unread + " views of the game now answered without a read, for " + moves + " moves");
        // The scoring rounds that led to the standings: three rounds, each with both players' points.
        assertEquals(3, ana.all("#standings table.history tbody tr").size());
        // Each scoring round and the final standings come from scoring-service, a few Kafka hops away; meanwhile the
        // page of whoever moved last said what it was waiting for.
        List<String> waited = new ArrayList<>(ana.waitingShown());
        waited.addAll(bob.waitingShown());
        assertTrue(
                waited.stream()
                        .anyMatch(w -> w.contains("Waiting for the scoring service") || w.contains("得点サービスを待っています")),
                "no progress shown: " + waited);
        endedInJapanese(bob);
        firstBoardOnAColdLoad(ana);
        readableOnAPhone("alhambra", ana);
        replaySteps(ana, gameId, bobId);
        ana.open("#/players/" + anaId);
        ana.await("#profile h1");
        accessible(ana, "a profile");
        ana.open("#/leaderboards/alhambra");
        ana.await("#leaderboard table, #leaderboard p.none");
        accessible(ana, "a leaderboard");
        report("alhambra", gameId, moves, started);
    }

    @Test
    void carrara_two_players_play_a_whole_game_while_a_spectator_watches_live_through_a_network_loss() {
        Browser dan = browser("dan", gateway);
        // eve's browser speaks Japanese: the client follows the browser's language (navigator.languages) and uses
        // Board Game Arena's Japanese words for the game (円盤, 石材…). She plays on a phone (390 px wide).
        Browser eve = browser("eve", gateway, "ja");
        eve.size(390, 844);
        String gameId = meet("carrara", dan, "dan-" + tag, eve, "eve-" + tag);
        String danId = sessionId(dan);
        carraraInJapanese(eve);
        // The spectator reaches the gateway through a cable that can be pulled, which notes each live feed asked for.
        List<Long> feedsAskedAfter = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (TcpProxy cable = TcpProxy.to(
                Integer.parseInt(gateway.substring(gateway.lastIndexOf(':') + 1)),
                chunk -> liveFeedAskedAfter(chunk).ifPresent(feedsAskedAfter::add))) {
            Browser fay = browser("fay", "http://localhost:" + cable.port());
            fay.open("#/");
            signUp(fay, "fay-" + tag);
            // The spectator finds the game among those being played and watches it.
            fay.click("#playing-tables a.watch[href='#/games/" + gameId + "']");
            fay.await(
                    Duration.ofSeconds(30),
                    "the spectator's game page",
                    b -> b.game() != null && b.game().ready());
            assertTrue(fay.driver
                    .findElement(By.cssSelector(".game-header .who"))
                    .getText()
                    .contains("watching"));
            assertTrue(fay.all("#moves button.move").isEmpty(), "a spectator is offered moves");

            recordMotion(dan);
            long started = System.nanoTime();
            Played played = play("carrara", List.of(dan, eve), List.of(fay), n -> {
                if (n == 12) {
                    networkLoss(cable, feedsAskedAfter, fay, List.of(dan, eve));
                }
                if (n == 20) {
                    translated(eve, "mid-game");
                }
                if (n == 30) {
                    screenshots("carrara", List.of(dan, eve));
                    stonesAndObjectsDrawn(dan);
                    coinsStayHidden(dan, danId, eve, fay);
                    fay.fullScreenshot(shots.resolve("carrara-spectator.png"));
                }
            });
            assertStandings("carrara", dan, eve, fay);
            endedInJapanese(eve);
            anotherLanguageWithoutAReload(eve);
            // The wheel came round when turned, and each building dropped into its city.
            movedBriefly(dan, "wheel-turn", "drop");
            // The valuations that led to the standings are listed with them.
            assertFalse(dan.all("#standings .history tbody tr").isEmpty(), "no valuation listed with the standings");
            // Each event reached the spectator exactly once, the network loss notwithstanding.
            Browser.GameState watched = fay.game();
            assertEquals(watched.lastEvent(), watched.events(), "events lost or repeated on the spectator's page");
            readableOnAPhone("carrara", fay);
            // The expansion's board is drawn, and its moves were offered and chosen like any other.
            for (Browser b : List.of(dan, eve, fay)) {
                assertFalse(b.all(".carrara .expansion").isEmpty(), b.who + ": no extra board");
            }
            assertTrue(
                    played.offered().contains("skip-rotation")
                            && played.offered().stream()
                                    .anyMatch(List.of("value-category", "build-large", "renovate")::contains),
                    "the expansion's moves were not offered: " + played.offered());
            report("carrara", gameId, played.moves(), started);
            signInRenewedAndLost(fay, gameId);
        }
    }

    @Test
    void the_builders_two_players_play_a_whole_game_sending_workers_on_the_board_and_a_stale_move_reloads_the_board() {
        Browser gus = browser("gus", gateway);
        // hal plays on a phone (390 px wide) in Japanese, every move on the board (the moves' bar stays a bar).
        Browser hal = browser("hal", gateway, "ja");
        hal.size(390, 844);
        String gameId = meet("builders", gus, "gus-" + tag, hal, "hal-" + tag);
        inJapanese(hal);
        // The cards' names, which the view gives in English, are the client's Japanese ones (glossary.md).
        List<String> names = hal.all(".builders .building-card text.label").stream()
                .map(x -> x.getAttribute("textContent"))
                .toList();
        assertFalse(names.isEmpty(), "no building card drawn");
        assertEquals(
                List.of(),
                names.stream().filter(n -> n.matches(".*[A-Za-z].*")).toList(),
                "building names left in English");
        lastMoveLightsItsOwnPiecesOnly(gus);
        staleMoveReloads(gus, gameId, List.of(gus, hal));
        undoesAMove(gameId, List.of(gus, hal));
        recordMotion(gus);
        long started = System.nanoTime();
        int moves = play("builders", List.of(gus, hal), List.of(), n -> {
                    if (n == 20) {
                        translated(hal, "mid-game");
                    }
                    if (n == 60) {
                        screenshots("builders", List.of(gus, hal));
                    }
                })
                .moves();
        assertStandings("builders", gus, hal);
        endedInJapanese(hal);
        // Workers travelled from the free workers to the sites they were sent to.
        movedBriefly(gus, "travel");
        assertEquals(2, gus.all("#standings table.history tbody tr").size());
        readableOnAPhone("builders", gus);
        report("builders", gameId, moves, started);
    }

    // ---- the lobby --------------------------------------------------------------------------------------------

    /**
     * The lobby follows the tables' live feed (GET /api/v1/tables/live) instead of asking for every list every two
     * seconds: idle, it asks for no table at all; a table another player opens appears without a reload, and goes
     * when its last player leaves.
     */
    @Test
    void the_lobby_shows_the_tables_others_open_and_leave_without_asking_while_idle() throws InterruptedException {
        Browser[] two = inTheLobby("ivy", "jon");
        Browser ivy = two[0];
        Browser jon = two[1];
        // The lists are read once the feed is live; then the lobby sits idle, 3 s, longer than the 2 s between the
        // rounds
        // it used to ask in: not synchronisation, the span in which no request may be made.
        jon.js("window.tesseraSameLobby = true; performance.clearResourceTimings();");
        Thread.sleep(3000);
        assertEquals(List.of(), tableRequests(jon), "the idle lobby asked for tables");

        new Select(ivy.await("#open-game")).selectByValue("builders");
        ivy.click("#open-submit");
        ivy.await("#table-page #seats");
        String tableId = ivy.url().substring(ivy.url().lastIndexOf('/') + 1);
        String row = ".by-title[data-game=builders] [data-table='" + tableId + "']";
        jon.await(row + " button.join");
        assertFalse(tableRequests(jon).isEmpty(), "the table appeared without the lists being read");
        ivy.click("#table-page button.leave");
        jon.await(
                Duration.ofSeconds(30),
                "the table gone from the lobby",
                b -> b.all(row).isEmpty());
        assertEquals(Boolean.TRUE, jon.js("return window.tesseraSameLobby === true"), "the lobby was loaded again");
    }

    /** Two people signed up, each in the lobby with its lists read: the tables' live feed is live on both pages. */
    private Browser[] inTheLobby(String first, String second) {
        Browser[] two = {browser(first, gateway), browser(second, gateway)};
        for (Browser b : two) {
            b.open("#/");
        }
        for (Browser b : two) {
            signUp(b, b.who + "-" + tag);
            b.await(".by-title[data-game=builders]");
        }
        return two;
    }

    /** The requests this page has made for tables (lists or one table; the live feed itself excepted). */
    private static List<String> tableRequests(Browser b) {
        return requests(b).stream()
                .filter(name -> name.contains("/api/v1/tables") && !name.contains("/api/v1/tables/live"))
                .toList();
    }

    /** The addresses this page has asked for since it was loaded (or its resource timings were cleared), in order. */
    @SuppressWarnings("unchecked")
    private static List<String> requests(Browser b) {
        return ((List<Object>) b.js("return performance.getEntriesByType('resource').map(e => e.name)"))
                .stream().map(String::valueOf).toList();
    }

    /**
     * Quick play learns of its match from the tables' live feed, not by asking for its entry again and again: the
     * first player waits in line (asking GET /matchmaking once, at load, and POST to queue, and nothing more while
     * waiting, though the page asked every 1.5 s before; nor reading a table others start meanwhile, whose change names
     * its players), the second completes the group, and both are taken to the table and on to its game.
     */
    @Test
    void quick_play_takes_the_waiting_player_to_the_table_without_polling_the_queue() throws InterruptedException {
        Browser[] two = inTheLobby("ola", "pia");
        Browser ola = two[0];
        Browser pia = two[1];
        // Carrara with its expansion is a line of this test's alone.
        quickPlay(ola);
        long queued = System.nanoTime();
        // The place in line is not shown: the API tells it only when asked, and nothing would keep it current.
        ola.await(
                Duration.ofSeconds(10),
                "ola in line",
                b -> b.driver
                        .findElement(By.id("quick-status"))
                        .getText()
                        .equals(
                                "Waiting in line for a 2-player game of Carrara: you go to the table as soon as it starts."));
        ola.await("#quick-cancel");
        // Meanwhile two others start a table of their own: its change on the feed names its players, so ola's page
        // knows it is not hers without reading it (it read every table that started while it waited).
        String others = Tables.table("builders", Tables.signUp("qa-" + tag, "qb-" + tag), Map.of());
        ola.await(
                Duration.ofSeconds(60),
                "the others' table among those being played",
                b -> !b.all("#playing-tables [data-table='" + others + "']").isEmpty());
        assertEquals(
                List.of(),
                requests(ola).stream()
                        .filter(name -> name.contains("/api/v1/tables/" + others))
                        .toList(),
                "ola's page read a table she is not seated at");
        // Long enough in line for the page that asked every 1.5 s to have asked twice: not synchronisation, the span
        // in which no request may be made.
        Thread.sleep(
                Math.max(0, 3500 - Duration.ofNanos(System.nanoTime() - queued).toMillis()));
        assertEquals(
                2, matchmakingRequests(ola).size(), "ola's page asked for the queue while waiting: " + requests(ola));
        quickPlay(pia);
        for (Browser b : List.of(ola, pia)) {
            b.await(
                    Duration.ofSeconds(60),
                    "the quick-play game page",
                    x -> x.url().contains("#/games/")
                            && x.game() != null
                            && x.game().ready()
                            && "live".equals(x.game().feed()));
        }
        assertEquals(ola.url(), pia.url(), "the two players are not at the same game");
        assertEquals(
                2,
                matchmakingRequests(ola).size(),
                "ola's page asked for the queue to find its match: " + requests(ola));
    }

    /** Queues for a two-player game of Carrara with its expansion from the lobby's quick-play form. */
    private static void quickPlay(Browser b) {
        new Select(b.await("#quick-game")).selectByValue("carrara");
        b.click("#quick-expansion");
        b.click("#quick-submit");
    }

    private static List<String> matchmakingRequests(Browser b) {
        return requests(b).stream()
                .filter(name -> name.contains("/api/v1/matchmaking"))
                .toList();
    }

    /**
     * The Japanese reader's page of a game just started: in Japanese ({@code lang}), with no catalogue key or
     * placeholder left.
     */
    private static void inJapanese(Browser b) {
        assertEquals("ja", b.js("return document.documentElement.lang"), b.who + ": the page's language");
        translated(b, "a game's first move");
    }

    /**
     * Carrara in Japanese: the language switch shows Japanese chosen, the page loaded English (every key's fallback)
     * and Japanese and no other catalogue, Board Game Arena's words are on the board (円盤, 石材) and the expansion's
     * bonus card, which the view describes in English, is in Japanese too.
     */
    private static void carraraInJapanese(Browser b) {
        inJapanese(b);
        assertEquals("true", b.await("#nav button[data-lang='ja']").getAttribute("aria-pressed"));
        assertEquals(List.of("en.json", "ja.json"), catalogues(b), b.who + ": the catalogues loaded");
        List<String> headings =
                b.all(".carrara h2").stream().map(WebElement::getText).toList();
        assertTrue(headings.contains("円盤"), "no 円盤 among the headings: " + headings);
        assertEquals("経過", b.await("section.log h2").getText());
        assertTrue(b.await(".player.mine .stones").getText().startsWith("石材："));
        String bonus = b.await(".carrara .bonus").getText();
        assertFalse(bonus.matches("(?s).*[A-Za-z]{3,}.*"), "the bonus card left in English: " + bonus);
    }

    /** The Japanese reader's page at the standings: their heading, every word translated, the log to its last line. */
    private static void endedInJapanese(Browser b) {
        assertEquals("最終順位", b.await("#standings h2").getText());
        translated(b, "the standings");
        logInTheReadersWords(b, "ゲーム終了：1位 ");
    }

    /**
     * Another language from the switch: the same page is drawn again in English, then in French (which the page had
     * not loaded: the switch loads it), then in Japanese again, without reloading the page.
     */
    private static void anotherLanguageWithoutAReload(Browser b) {
        b.js("window.__sameDocument = true");
        switchLanguage(b, "en", "Final standings");
        assertEquals("en", b.js("return document.documentElement.lang"));
        assertEquals(Boolean.TRUE, b.js("return window.__sameDocument === true"), "the page was reloaded");
        assertEquals(List.of(), catalogues(b), "English, which the page had, needed no catalogue loaded");
        translated(b, "the standings in English");
        switchLanguage(b, "fr", "Classement final");
        assertEquals(List.of("fr.json"), catalogues(b), "the catalogues the switch to French loaded");
        assertEquals(Boolean.TRUE, b.js("return window.__sameDocument === true"), "the page was reloaded");
        switchLanguage(b, "ja", "最終順位");
    }

    /**
     * Picks language {@code code} from the switch and waits for the standings' heading in it. The page's resource
     * timings are cleared first, so that {@link #catalogues} then tells what the switch fetched (the buffer keeps 250
     * entries).
     */
    private static void switchLanguage(Browser b, String code, String standingsTitle) {
        b.js("performance.clearResourceTimings()");
        b.click("#nav button[data-lang='" + code + "']");
        b.await(
                Duration.ofSeconds(10),
                "the standings in " + code,
                page -> standingsTitle.equals(page.await("#standings h2").getText()));
    }

    /** The message catalogues this page has fetched so far, by file name, sorted. */
    @SuppressWarnings("unchecked")
    private static List<String> catalogues(Browser b) {
        return ((List<Object>) b.js("return performance.getEntriesByType('resource').map(e => e.name)"))
                .stream()
                        .map(String::valueOf)
                        .filter(name -> name.contains("/messages/"))
                        .map(name -> name.substring(name.lastIndexOf('/') + 1))
                        .distinct()
                        .sorted()
                        .toList();
    }

    /**
     * The game's log speaks the reader's language: every line it shows is worded by the client from its event (none
     * is left in the server's English, marked lang="en"), and the line of the game's end names the winner first,
     * beginning with {@code ended}.
     */
    private static void logInTheReadersWords(Browser b, String ended) {
        String end = b.await(
                Duration.ofSeconds(20),
                "the log's line of the game's end",
                x -> x.all("#events li[data-type='tessera.game.GameEnded']").stream()
                        .map(WebElement::getText)
                        .findFirst()
                        .orElse(null));
        assertTrue(end.startsWith(ended), b.who + ": the game's end in the log: " + end);
        assertEquals(
                List.of(),
                b.all("#events li [lang='en']").stream()
                        .map(WebElement::getText)
                        .toList(),
                b.who + ": log lines left in the server's English");
    }

    /** The page {@code b} shows has no catalogue key and no unfilled placeholder ({@code page} names it). */
    private static void translated(Browser b, String page) {
        assertEquals(
                List.of(), b.untranslated(), b.who + ": words left untranslated on " + page + " (" + b.url() + ")");
    }

    // ---- signing up and meeting at a table --------------------------------------------------------------------

    private static void signUp(Browser b, String name) {
        b.await("#signup-name").sendKeys(name);
        b.click("#signup-submit");
        b.await("#lobby");
    }

    /** The host opens a table from the lobby, the guest finds it there and joins, the host starts it: the game's id. */
    private String meet(String game, Browser host, String hostName, Browser guest, String guestName) {
        host.open("#/");
        guest.open("#/");
        host.await("#signup-name");
        accessibleOnce(host, "sign-up");
        signUp(host, hostName);
        accessibleOnce(host, "the lobby");
        // A name already taken: the API's problem, in its own words beside a sentence in the reader's language, and the
        // form stays for another try.
        guest.await("#signup-name");
        accessibleOnce(guest, "sign-up");
        guest.await("#signup-name").sendKeys(hostName);
        guest.click("#signup-submit");
        assertEquals(
                "the name '" + hostName + "' is taken; choose another",
                guest.await(Duration.ofSeconds(10), "the refusal shown", b -> {
                    WebElement error = b.driver.findElement(By.id("signup-error"));
                    return error.isDisplayed()
                            ? error.findElement(By.cssSelector(".problem-detail"))
                                    .getText()
                            : null;
                }));
        assertEquals(
                Map.of("en", "This name is already taken.", "ja", "この名前はすでに使われています。")
                        .get(guest.lang),
                guest.driver
                        .findElement(By.cssSelector("#signup-error .problem-sentence"))
                        .getText());
        guest.driver.findElement(By.id("signup-name")).clear();
        // A name with characters the API refuses: the browser says which ones are allowed, not just "the format".
        guest.await("#signup-name").sendKeys("José Ñ!");
        String why = (String) guest.js("return document.getElementById('signup-name').validationMessage");
        assertTrue(
                why.contains(Map.of("en", "A to Z", "ja", "A〜Z").get(guest.lang)),
                "the sign-up form's explanation: " + why);
        guest.driver.findElement(By.id("signup-name")).clear();
        signUp(guest, guestName);
        accessibleOnce(guest, "the lobby");
        new Select(host.await("#open-game")).selectByValue(game);
        if (game.equals("carrara")) {
            // Carrara is played with its expansion: its moves, new since the client was written, play like any other.
            host.click("#open-expansion");
        }
        host.click("#open-submit");
        host.await("#table-page #seats");
        accessibleOnce(host, "a table");
        String tableId = host.url().substring(host.url().lastIndexOf('/') + 1);
        guest.click(".by-title[data-game=" + game + "] [data-table='" + tableId + "'] button.join");
        guest.await("#table-page #seats");
        accessibleOnce(guest, "a table");
        host.await(
                Duration.ofSeconds(30),
                "the guest in the second seat",
                b -> b.all("#seats li").size() == 2
                        && b.all("#seats li").get(1).getText().startsWith(guestName));
        host.click("#table-page button.start");
        for (Browser b : List.of(host, guest)) {
            b.await(
                    Duration.ofSeconds(60),
                    "the game page",
                    x -> x.game() != null
                            && x.game().ready()
                            && "live".equals(x.game().feed()));
        }
        String url = host.url();
        assertEquals(url, guest.url(), "the two players are not at the same game");
        phase("sign-ups, the lobby and the table");
        return url.substring(url.lastIndexOf('/') + 1);
    }

    private static String sessionId(Browser b) {
        try {
            return JSON.readTree(b.localStorage("tessera.session")).get("id").asText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- playing ----------------------------------------------------------------------------------------------

    /** Views of the game now that game-service answered from the game it keeps, for a page that named its version. */
    private static double viewsUnread() {
        return given().get(Platform.shared().url(Platform.Service.GAME) + "/q/metrics")
                .then()
                .statusCode(200)
                .extract()
                .asString()
                .lines()
                .filter(l -> l.startsWith("tessera_views_unread_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
    }

    /** What a game took: the moves clicked, and every move type the pages offered on the way. */
    record Played(int moves, java.util.Set<String> offered) {}

    /**
     * Plays until every page shows the final standings: each time every page at the table shows the same version and
     * is done loading, the player whose page offers moves makes one. Answers the number of moves made.
     */
    private Played play(String game, List<Browser> players, List<Browser> watchers, IntConsumer afterMove) {
        List<Browser> everyone = new ArrayList<>(players);
        everyone.addAll(watchers);
        Random random = new Random(7);
        java.util.concurrent.atomic.AtomicBoolean keyboard = new java.util.concurrent.atomic.AtomicBoolean();
        int moves = 0;
        java.util.Set<String> offered = new java.util.TreeSet<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(12).toNanos();
        long[] spent = new long[3]; // waiting for the pages, clicking a move, the checks between moves
        while (true) {
            long t0 = System.nanoTime();
            Optional<Turn> turn = awaitMove(players, everyone);
            long t1 = System.nanoTime();
            spent[0] += t1 - t0;
            if (turn.isEmpty()) {
                phase(String.format(
                        "playing %s, %d moves (waiting for the pages %.1f s, clicking %.1f s, checks %.1f s)",
                        game, moves, spent[0] / 1e9, spent[1] / 1e9, spent[2] / 1e9));
                return new Played(moves, offered);
            }
            turn.get()
                    .page()
                    .listed()
                    .forEach(m -> offered.add(json(m).path("type").asText()));
            assertTrue(
                    System.nanoTime() < deadline, game + " did not end within 12 minutes, after " + moves + " moves");
            boolean made = move(game, turn.get(), random, keyboard);
            long t2 = System.nanoTime();
            spent[1] += t2 - t1;
            if (made) {
                moves++;
                afterMove.accept(moves);
                spent[2] += System.nanoTime() - t2;
            }
        }
    }

    /**
     * The player to move once all pages agree on the version; empty once all show the standings. A page not there
     * yet is waited on inside it, until it changes.
     */
    private static Optional<Browser> awaitTurn(List<Browser> players, List<Browser> everyone) {
        return awaitMove(players, everyone).map(Turn::player);
    }

    /** Whose turn, and their page as it was when all pages agreed. */
    record Turn(Browser player, Browser.GameState page) {}

    private static Optional<Turn> awaitMove(List<Browser> players, List<Browser> everyone) {
        long deadline = System.nanoTime() + TURN.toNanos();
        List<Browser.GameState> states =
                new ArrayList<>(everyone.stream().map(Browser::game).toList());
        while (true) {
            if (states.stream().allMatch(s -> s != null && s.standings())) {
                return Optional.empty();
            }
            long version = states.stream()
                    .filter(java.util.Objects::nonNull)
                    .mapToLong(Browser.GameState::version)
                    .max()
                    .orElse(0);
            boolean together = states.stream()
                    .allMatch(s -> s != null && s.version() == version && s.ready() && "live".equals(s.feed()));
            if (together) {
                for (int i = 0; i < players.size(); i++) {
                    if (states.get(i).moves() > 0) {
                        return Optional.of(new Turn(players.get(i), states.get(i)));
                    }
                }
            }
            if (System.nanoTime() > deadline) {
                throw new org.openqa.selenium.TimeoutException("no turn within " + TURN
                        + ": every page at the same version and " + "someone with moves; pages: "
                        + String.join(
                                " | ",
                                everyone.stream()
                                        .map(b -> b.who + ": " + b.describe())
                                        .toList()));
            }
            for (int i = 0; i < everyone.size(); i++) {
                Browser.GameState s = states.get(i);
                // Waited on: a page behind the others, busy, without its feed, or (all together, nobody to move: the
                // game waits for the scoring service) any page, until the next event changes it.
                boolean behind = s == null || s.version() < version || !s.ready() || !"live".equals(s.feed());
                if (behind || together) {
                    states.set(i, everyone.get(i).gameAfterChange(s, together ? 1000 : 250));
                    if (together) {
                        break;
                    }
                }
            }
            if (together) {
                states = new ArrayList<>(everyone.stream().map(Browser::game).toList());
            }
        }
    }

    /**
     * One move, as its player chooses it, on the board alone: its places clicked there (a tile then a square, a
     * worker then a site, a building then a city), then, where several moves fit them or it has no place, chosen
     * among what the board proposes above itself. The list is the fallback, and a game that needed it fails at its
     * report. False when the page changed under it.
     */
    private boolean move(
            String game, Turn turn, Random random, java.util.concurrent.atomic.AtomicBoolean keyboardUsed) {
        Browser b = turn.player();
        List<String> listed = turn.page().listed();
        List<JsonNode> moves = listed.stream().map(WebClientIT::json).toList();
        int chosen = Chooser.choose(game, moves, turn.page().mine(), random);
        JsonNode move = moves.get(chosen);
        try {
            List<String> keys = boardKeys(game, move);
            if (keys.isEmpty()) {
                // The places the page itself names for the move (the list button's data-keys): every move that has
                // a place on the board is chosen there.
                keys = placesOf(b, listed.get(chosen));
            }
            if (!keys.isEmpty()) {
                Browser.GameState now = turn.page();
                for (String key : keys) {
                    activate(b, "[data-key='" + key + "']", keyboardUsed);
                    // The page read once for both: whether it asks to confirm, and where it is.
                    now = b.game();
                    if (now.confirm()) {
                        b.click("#confirm-play");
                        now = b.game();
                    }
                    if (now.version() != turn.page().version() || !now.ready()) {
                        break;
                    }
                }
                if (now.version() == turn.page().version() && now.ready()) {
                    // Several moves fit the places chosen (a building's payments): the board proposes just those.
                    clickOnTheBoard(b, listed.get(chosen));
                }
            } else {
                // A move no place stands for (end the turn, take coins): the board proposes it above itself.
                clickOnTheBoard(b, listed.get(chosen));
            }
        } catch (StaleElementReferenceException
                | org.openqa.selenium.NoSuchElementException
                | org.openqa.selenium.ElementClickInterceptedException e) {
            // The page was redrawn (a late event) between reading and clicking: look again.
            return false;
        }
        return true;
    }

    /** Moves chosen on the board (its places and what it proposes) and in the list, since the last report. */
    private final java.util.concurrent.atomic.AtomicInteger fromTheBoard =
            new java.util.concurrent.atomic.AtomicInteger();

    /** The moves chosen in the list since the last report, by type: those the board did not propose. */
    private final Map<String, Integer> fromTheList = new java.util.concurrent.ConcurrentSkipListMap<>();

    /** Clicks {@code move} where the board proposes it (game.js, tray), or in the list where it does not. */
    private void clickOnTheBoard(Browser b, String move) {
        WebElement[] found = {trayButton(b, move)};
        if (found[0] != null) {
            // The button found is clicked; found again only if the page drew it again meanwhile.
            b.click("the move on the board", x -> {
                WebElement button = found[0] != null ? found[0] : trayButton(x, move);
                found[0] = null;
                return button;
            });
            confirmIfAsked(b);
            fromTheBoard.incrementAndGet();
        } else {
            clickListed(b, move);
            fromTheList.merge(json(move).path("type").asText("?"), 1, Integer::sum);
        }
    }

    /** Where the board proposes {@code move} above itself (game.js, tray), or null. */
    private static WebElement trayButton(Browser b, String move) {
        return found(b.js(
                "return [...document.querySelectorAll('.tray button')].find(x => x.dataset.trayMove === arguments[0]) || null",
                move));
    }

    /** Clicks {@code move} in the list of moves; a NoSuchElementException when it is no longer listed. */
    private static void clickListed(Browser b, String move) {
        b.click(
                "the listed move " + move,
                x -> found(x.js(
                        "return [...document.querySelectorAll('#moves button.move')].find(x => x.dataset.move === arguments[0]) || null",
                        move)));
        confirmIfAsked(b);
    }

    /** What a script found: the element, or null. */
    private static WebElement found(Object answer) {
        return answer instanceof WebElement element ? element : null;
    }

    /** A move that reveals something mid-turn asks to be confirmed first (it cannot be undone): confirmed. */
    private static void confirmIfAsked(Browser b) {
        if (b.js("return document.getElementById('confirm-play')") != null) {
            b.click("#confirm-play");
        }
    }

    /**
     * A click on what {@code css} selects, except that each game's first choice on the board is made with the keyboard:
     * focus (found and focused in one script, so that a redraw cannot come between), then Enter.
     */
    private static void activate(Browser b, String css, java.util.concurrent.atomic.AtomicBoolean keyboardUsed) {
        if (keyboardUsed.compareAndSet(false, true)) {
            assertEquals(
                    Boolean.TRUE,
                    b.js(
                            "const e = document.querySelector(arguments[0]); if (e) e.focus();"
                                    + " return e !== null && document.activeElement === e",
                            css),
                    "a board target cannot take the focus: " + css);
            new Actions(b.driver).sendKeys(Keys.ENTER).perform();
        } else {
            b.click(css);
        }
    }

    private static List<String> placesOf(Browser b, String move) {
        Object keys = b.js(
                "const x = [...document.querySelectorAll('#moves button.move')].find(x => x.dataset.move === arguments[0]);"
                        + " return x ? x.dataset.keys : null",
                move);
        if (keys == null) {
            throw new StaleElementReferenceException("the move is no longer listed");
        }
        List<String> places = new ArrayList<>();
        json((String) keys).forEach(k -> places.add(k.asText()));
        return places;
    }

    /**
     * Where on the board a move is chosen, as the page's data-key attributes name it, for the moves whose places this
     * test knows itself (else the page's own data-keys are used).
     */
    private static List<String> boardKeys(String game, JsonNode m) {
        String type = m.path("type").asText();
        return switch (game + " " + type) {
            case "alhambra place-tile" ->
                List.of(
                        "tile:" + m.get("tile").asInt(),
                        "square:" + m.get("x").asInt() + "," + m.get("y").asInt());
            case "carrara build" ->
                List.of(
                        "building:" + m.get("building").asText() + ":"
                                + m.get("cost").asInt(),
                        "city:" + m.get("city").asText());
            case "carrara build-large" ->
                List.of(
                        "large:" + m.get("building").asText(),
                        "city:" + m.get("city").asText());
            case "carrara take-upgrade" -> List.of("upgrade:" + m.get("upgrade").asText());
            case "builders send-worker" ->
                List.of(
                        "worker:" + m.get("worker").asInt(),
                        "site:" + m.get("building").asInt());
            default -> List.of();
        };
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * How the test's players choose among the legal moves the page lists: simple preferences that finish a game in
     * few moves, reading only the moves and what the board shows. The page itself decides nothing.
     */
    static final class Chooser {
        static int choose(String game, List<JsonNode> moves, Map<String, String> mine, Random random) {
            List<String> order = switch (game) {
                case "alhambra" ->
                    List.of("place-tile", "buy-tile", "take-money", "reserve-tile", "give-to-dirk", "pass");
                case "carrara" -> carrara(mine);
                case "builders" -> builders(mine);
                default -> List.of();
            };
            for (String type : order) {
                List<Integer> of = new ArrayList<>();
                for (int i = 0; i < moves.size(); i++) {
                    if (type.equals(moves.get(i).path("type").asText())) {
                        of.add(i);
                    }
                }
                if (!of.isEmpty()) {
                    // The move that takes the most (cards, stones, action points): a full hand plays faster.
                    return of.stream()
                            .max(Comparator.comparingInt(i -> size(moves.get(i))))
                            .orElseThrow();
                }
            }
            return random.nextInt(moves.size());
        }

        private static List<String> carrara(Map<String, String> mine) {
            String coins = mine.getOrDefault("coins", "");
            boolean rich = coins.matches("\\d+") && Integer.parseInt(coins) >= 20;
            List<String> order = new ArrayList<>(List.of(
                    "take-upgrade",
                    "declare-end",
                    "value-type",
                    "value-city",
                    "value-category",
                    "build-large",
                    "build",
                    "buy-stones",
                    "rotate-wheel",
                    "skip-rotation"));
            if (rich) {
                order.add("buy-object");
            }
            order.addAll(List.of("end-turn", "buy-nothing", "take-coins"));
            return order;
        }

        private static List<String> builders(Map<String, String> mine) {
            List<String> order = new ArrayList<>(List.of("send-machine", "send-worker"));
            if ("0".equals(mine.get("sites"))) {
                order.add("start-construction");
            }
            if ("0".equals(mine.get("freeWorkers"))) {
                order.add("recruit-worker");
            }
            order.addAll(List.of("take-coins", "end-turn"));
            return order;
        }

        private static int size(JsonNode move) {
            int size = move.path("actionPoints").asInt(0);
            for (JsonNode field : move) {
                size += field.isArray() ? field.size() : 0;
            }
            return size;
        }
    }

    /**
     * Each player's page, once both show the same version, as {@code <game>.png} for the English reader at a desktop's
     * width, {@code <game>-ja.png} and {@code <game>-ja-phone.png} for a Japanese one at a desktop's or a phone's
     * width; each checked by axe-core and for its layout, that of the player to move at every width too.
     */
    private void screenshots(String game, List<Browser> players) {
        Browser actor = awaitTurn(players, players).orElseThrow();
        for (Browser b : players) {
            boolean phone = b.driver.manage().window().getSize().getWidth() < 760;
            String kind = ("en".equals(b.lang) ? "" : "-" + b.lang) + (phone ? "-phone" : "");
            b.fullScreenshot(shots.resolve(game + kind + ".png"));
            accessible(b, game + " mid-game");
            assertEquals(List.of(), b.layoutProblems(), b.who + ": the board of " + game + " mid-game");
        }
        layoutHoldsAtEveryWidth(game, actor);
    }

    // ---- what a user relies on ----------------------------------------------------------------------------------

    /**
     * The reader asks for turn notifications (the header's button) in a browser whose Notification API is a recorder
     * and whose tab counts as hidden: headless Chromium shows none, and a visible tab needs none.
     */
    private static void turnNotificationsAsked(Browser b) {
        b.js("window.__notified = [];"
                + "window.Notification = class { constructor(title, options) { window.__notified.push(title + ': ' + options.body); }"
                + " static get permission() { return window.__permission || 'default'; }"
                + " static requestPermission() { window.__permission = 'granted'; return Promise.resolve('granted'); } };"
                + "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
                + "return null;");
        b.click("#notify-turns[aria-pressed='false']");
        b.await("#notify-turns[aria-pressed='true']");
    }

    /** The turn came back to the reader while the tab was hidden: the browser was asked to tell them. */
    @SuppressWarnings("unchecked")
    private static void turnNotified(Browser b) {
        List<String> notified = (List<String>) b.js("return window.__notified;");
        assertFalse(notified.isEmpty(), b.who + " was never notified of a turn of theirs");
        assertEquals("Your turn: Alhambra: the game waits for your move.", notified.get(0));
    }

    /** The tab's title says "Your turn" exactly when the page says it is the reader's turn (read in one go). */
    @SuppressWarnings("unchecked")
    private static void turnInTitle(Browser b, String id) {
        List<String> read = (List<String>) b.js(
                "const m = document.querySelector('main#game'); return [m ? m.dataset.toAct : '', document.title];");
        boolean mine = id.equals(read.get(0));
        assertEquals(
                mine,
                read.get(1).startsWith("● Your turn · "),
                b.who + ": to act " + read.get(0) + ", title " + read.get(1));
        assertTrue(read.get(1).endsWith("Alhambra · Tessera"), read.get(1));
    }

    /**
     * A finished game's replay: opened at a move by its address, stepped with the → key and the buttons, the board at
     * each step with every hand (the other player's cards on this page), the step's line of the history marked.
     */
    private void replaySteps(Browser b, String gameId, String otherId) {
        b.await("#replay-link");
        assertEquals("Alhambra · Tessera", b.driver.getTitle(), "the game is over: nobody's turn in the tab's title");
        b.open("#/games/" + gameId + "/replay/1");
        b.await("main#replay[data-state='ready'][data-version='1']");
        assertFalse(
                b.all("[data-player='" + otherId + "'] [data-card]").isEmpty(),
                b.who + ": the replay of an ended game shows every hand");
        assertEquals("1", b.await("#events li.current").getAttribute("data-version"));
        new Actions(b.driver).sendKeys(Keys.ARROW_RIGHT).perform();
        b.await("main#replay[data-state='ready'][data-version='2']");
        assertEquals("2", b.await("#events li.current").getAttribute("data-version"));
        String status = b.await("#replay-status").getText();
        assertTrue(status.startsWith("Move 2 of "), status);
        b.click("#replay-last");
        // Read in the page, in one call: the replay is drawn again when it reaches the last step, which can leave an
        // element found a moment before stale.
        long last = Long.parseLong(b.await(Duration.ofSeconds(10), "the replay's last step", x ->
                (String) x.js("const m = document.querySelector('main#replay'); return m ? m.dataset.last : null")));
        b.await("main#replay[data-state='ready'][data-version='" + last + "']");
        b.click("#replay-back");
        b.await("main#replay[data-state='ready'][data-version='" + (last - 1) + "']");
        assertTrue(b.url().endsWith("/replay/" + (last - 1)), "the address holds the step: " + b.url());
        // The whole history, every line worded by the client (none left in the server's English), from the start.
        assertEquals(
                List.of(),
                b.all("#events li [lang='en']").stream()
                        .map(WebElement::getText)
                        .toList(),
                "replay: history lines left in the server's English");
        assertTrue(
                b.await("#events li[data-version='1']").getText().contains("The game begins: "),
                b.await("#events li[data-version='1']").getText());
        b.fullScreenshot(shots.resolve("alhambra-replay.png"));
        accessible(b, "a replay");
        playOnFromAStep(b, gameId);
    }

    /** From a replay's step, the reader plays on in a sandbox game of their own, every seat theirs. */
    private void playOnFromAStep(Browser b, String gameId) {
        b.open("#/games/" + gameId + "/replay/3");
        b.await("main#replay[data-state='ready'][data-version='3']");
        // Only where a move's events end: step on until then.
        long step = 3;
        while (!b.await("#replay-fork").isEnabled()) {
            b.click("#replay-forward");
            step++;
            b.await("main#replay[data-state='ready'][data-version='" + step + "']");
        }
        b.click("#replay-fork");
        b.await(
                Duration.ofSeconds(20),
                "the fork's game page",
                x -> x.game() != null && x.game().ready());
        assertFalse(b.url().contains(gameId), "the fork is a game of its own: " + b.url());
        assertTrue(
                b.await("#sandbox").getText().contains("never rated"),
                b.await("#sandbox").getText());
        assertEquals(step, b.game().version(), "the fork starts at the step it was made from");
        assertTrue(
                b.driver.getTitle().startsWith("● Your turn"), "the forker plays every seat: " + b.driver.getTitle());
        List<WebElement> moves = b.all("#moves button.move");
        assertFalse(moves.isEmpty(), "the forker is offered the seat's moves");
        long fromStep = step;
        b.click("#moves button.move");
        confirmIfAsked(b);
        b.await(
                Duration.ofSeconds(20),
                "the fork after a move",
                x -> x.game() != null && x.game().ready() && x.game().version() > 3);
    }

    private void assertStandings(String game, Browser... pages) {
        for (Browser b : pages) {
            b.await("#standings");
            @SuppressWarnings("unchecked")
            List<String> rows = (List<String>)
                    b.js(
                            "return [...document.querySelectorAll('#standings > table:not(.history) tbody tr')].map(r => r.innerText)");
            assertEquals(2, rows.size(), b.who + ": the standings of " + game);
            assertTrue(rows.get(0).startsWith("1"), b.who + ": the first row is not rank 1: " + rows);
        }
        pages[0].fullScreenshot(shots.resolve(game + "-standings.png"));
        for (Browser b : pages) {
            accessible(b, game + " at its end");
        }
    }

    /**
     * What the API hides, the page cannot show: the cards in ana's hand appear on her page and nowhere on bob's (his
     * view has her hand as null: only its size). Read while both pages show the same version, since a card ana has
     * just taken was on the display a version before. False while ana holds no card.
     */
    @SuppressWarnings("unchecked")
    private static boolean handsStayHidden(Browser ana, String anaId, Browser bob) {
        String read = """
                const m = document.querySelector('main#game');
                return {version: m.dataset.version, ready: m.dataset.state === 'ready',
                        hand: [...document.querySelectorAll(`[data-player='${arguments[0]}'] [data-card]`)].map(c => c.dataset.card),
                        cards: [...document.querySelectorAll('[data-card]')].map(c => c.dataset.card),
                        count: (document.querySelector(`[data-player='${arguments[0]}'] .hand-count`) || {}).textContent || null};""";
        Map<String, Object>[] pages = ana.await(Duration.ofSeconds(30), "ana's and bob's pages at one version", a -> {
            Map<String, Object> hers = (Map<String, Object>) a.js(read, anaId);
            Map<String, Object> his = (Map<String, Object>) bob.js(read, anaId);
            Map<String, Object> hersAgain = (Map<String, Object>) a.js(read, anaId);
            boolean same = hers.get("version").equals(his.get("version"))
                    && hers.get("version").equals(hersAgain.get("version"))
                    && Boolean.TRUE.equals(hers.get("ready"))
                    && Boolean.TRUE.equals(his.get("ready"));
            return same ? new Map[] {hers, his} : null;
        });
        List<String> hand = (List<String>) pages[0].get("hand");
        if (hand.isEmpty()) {
            return false;
        }
        List<String> onBobsPage = (List<String>) pages[1].get("cards");
        for (String card : hand) {
            assertFalse(onBobsPage.contains(card), "ana's card " + card + " is on bob's page");
        }
        assertTrue(((List<String>) pages[1].get("hand")).isEmpty(), "bob's page shows cards in ana's hand");
        assertTrue(
                String.valueOf(pages[1].get("count"))
                        .contains(Map.of("en", "money card", "ja", "資金カード").get(bob.lang)),
                "bob's page does not say how many cards ana holds: " + pages[1].get("count"));
        return true;
    }

    /**
     * Carrara's stones and objects are pictures beside their words: every section of the wheel has its stones as blocks
     * of their colours, every object for sale its picture, and the player's stones and objects read as words, each
     * count with the picture of what it counts before it, hidden from assistive technology (the words say it).
     */
    @SuppressWarnings("unchecked")
    private static void stonesAndObjectsDrawn(Browser b) {
        Map<String, Object> page = (Map<String, Object>) b.js("""
                const mine = document.querySelector('.player.mine');
                const kinds = (el, prefix) => [...el.querySelectorAll('.' + prefix + '-icon')].map(
                    (i) => [...i.classList].find((c) => c.startsWith(prefix + '-') && c !== prefix + '-icon').slice(prefix.length + 1));
                return {sections: [...document.querySelectorAll('.carrara .section')].map((x) => x.querySelectorAll('.stone-icon').length),
                        market: [...document.querySelectorAll('.carrara .object')].map((x) => x.querySelectorAll('.object-icon').length),
                        stones: mine.querySelector('.stones').textContent, stoneIcons: kinds(mine.querySelector('.stones'), 'stone'),
                        objects: mine.querySelector('.objects').textContent, objectIcons: kinds(mine.querySelector('.objects'), 'object'),
                        hidden: [...mine.querySelectorAll('.stones svg, .objects svg')].every((x) => x.getAttribute('aria-hidden') === 'true')};""");
        List<Long> sections = (List<Long>) page.get("sections");
        assertEquals(6, sections.size(), "the wheel's sections");
        assertTrue(sections.stream().allMatch(n -> n == 6), "a section without its six colours of stones: " + sections);
        List<Long> market = (List<Long>) page.get("market");
        assertFalse(market.isEmpty(), "no object for sale");
        assertTrue(market.stream().allMatch(n -> n == 1), "an object for sale without its picture: " + market);
        assertEquals(
                counted(page.get("stones"), "white|yellow|red|green|blue|black"),
                page.get("stoneIcons"),
                "the stones' pictures beside their words: " + page.get("stones"));
        assertEquals(
                counted(page.get("objects"), "gate|crown|coat of arms|book|flag|cup").stream()
                        .map(o -> o.replace(' ', '-'))
                        .toList(),
                page.get("objectIcons"),
                "the objects' pictures beside their words: " + page.get("objects"));
        assertEquals(Boolean.TRUE, page.get("hidden"), "a picture read out beside the words that say it");
    }

    /** The things counted in {@code words} ("Stones: 2 white and 1 red"), in order: "white", "red". */
    private static List<String> counted(Object words, String things) {
        return java.util.regex.Pattern.compile("\\d+ (" + things + ")")
                .matcher(String.valueOf(words))
                .results()
                .map(m -> m.group(1))
                .toList();
    }

    /**
     * From now until the page is loaded again, notes each animation the page starts: a CSS animation by its name and
     * duration ("arrive 400"), a piece travelling to its place (Web Animations, game.js) as "travel" and its duration.
     */
    private static void recordMotion(Browser b) {
        b.js("""
                window.tesseraMotion = [];
                document.addEventListener('animationstart', (e) => {
                  const a = e.target.getAnimations().find((x) => x.animationName === e.animationName);
                  window.tesseraMotion.push(e.animationName + ' ' + (a ? a.effect.getTiming().duration : '?'));
                }, true);
                const animate = Element.prototype.animate;
                Element.prototype.animate = function (frames, options) {
                  window.tesseraMotion.push('travel ' + options.duration);
                  return animate.call(this, frames, options);
                };""");
    }

    /** The animations noted since recordMotion or the last call, but the progress spinner's; forgets them. */
    @SuppressWarnings("unchecked")
    private static List<String> motions(Browser b) {
        return ((List<String>) b.js("const m = window.tesseraMotion.splice(0); return m;"))
                .stream().filter(m -> !m.startsWith("spin ")).toList();
    }

    /** The page showed each of {@code names} moving since it was last asked, and nothing for longer than 400 ms. */
    private static void movedBriefly(Browser b, String... names) {
        List<String> seen = motions(b);
        for (String name : names) {
            assertTrue(
                    seen.stream().anyMatch(m -> m.startsWith(name + " ")), b.who + ": no " + name + " among " + seen);
        }
        for (String m : seen) {
            String duration = m.substring(m.indexOf(' ') + 1);
            assertTrue(
                    duration.matches("\\d+(\\.\\d+)?") && Double.parseDouble(duration) <= 400,
                    b.who + ": an animation longer than 400 ms: " + m);
        }
    }

    /** The reader asks for less motion (prefers-reduced-motion: reduce), or no longer does. */
    private static void lessMotion(Browser b, boolean less) {
        b.driver.executeCdpCommand(
                "Emulation.setEmulatedMedia",
                Map.of(
                        "features",
                        less ? List.of(Map.of("name", "prefers-reduced-motion", "value", "reduce")) : List.of()));
    }

    /** Carrara's coins sit behind the screen: the player sees their own, the other player and the spectator do not. */
    private static void coinsStayHidden(Browser dan, String danId, Browser eve, Browser spectator) {
        String script = "return [...document.querySelectorAll(arguments[0])].map(c => c.textContent)";
        String dans = "[data-player='" + danId + "'] .coins";
        assertTrue(
                String.valueOf(dan.js(script, dans)).matches("\\[\\d+\\]"),
                "dan does not see his coins: " + dan.js(script, dans));
        Map<String, String> hidden = Map.of("en", "hidden", "ja", "非公開");
        assertEquals(List.of(hidden.get(eve.lang)), eve.js(script, dans));
        assertEquals(
                List.of(hidden.get(spectator.lang), hidden.get(spectator.lang)),
                spectator.js(script, ".player .coins"));
    }

    /**
     * The spectator's cable is pulled: the page says it is reconnecting while the players go on; once the cable is
     * back, the feed resumes after the last version it had (its Last-Event-ID) and the moves made meanwhile appear.
     */
    private void networkLoss(TcpProxy cable, List<Long> feedsAskedAfter, Browser spectator, List<Browser> players) {
        cable.cut();
        spectator.await(
                Duration.ofSeconds(20),
                "reconnecting… shown",
                b -> "reconnecting".equals(b.game().feed()));
        // Read only once the feed is down: the event of the move just made may still have been on its way to the page
        // when the cable was pulled, and the page rightly resumes after it then.
        long lastSeen = spectator.game().lastEvent();
        assertTrue(spectator.driver.findElement(By.id("feed-status")).getText().contains("reconnecting…"));
        Random random = new Random(3);
        int made = 0;
        while (made < 3) {
            Optional<Turn> turn = awaitMove(players, players);
            if (turn.isEmpty()) {
                break;
            }
            if (move("carrara", turn.get(), random, new java.util.concurrent.atomic.AtomicBoolean(true))) {
                made++;
            }
        }
        long now = players.get(0)
                .await(
                        TURN,
                        "the players' pages after the moves",
                        b -> b.game().ready() ? b.game().version() : null);
        assertTrue(now > lastSeen, "no move was made during the network loss");
        cable.restore();
        spectator.await(
                Duration.ofSeconds(30),
                "the spectator back at version " + now,
                b -> "live".equals(b.game().feed())
                        && b.game().version() >= now
                        && b.game().lastEvent() >= now
                        && b.game().ready());
        List<Long> resumedAfter = List.copyOf(feedsAskedAfter);
        assertFalse(resumedAfter.isEmpty(), "the live feed was not asked for again");
        assertEquals(
                lastSeen,
                resumedAfter.get(resumedAfter.size() - 1).longValue(),
                "the feed did not resume after the last version the page had");
    }

    private static final java.util.regex.Pattern LIVE = java.util.regex.Pattern.compile(
            "^GET /api/v1/games/[^ ]+/live[^ ]* HTTP/1\\.1\r\n(?:.*\r\n)*?last-event-id: *(\\d+)\r\n",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    /** The Last-Event-ID of a request for a live feed, when {@code chunk} (what a browser sent) is one. */
    private static Optional<Long> liveFeedAskedAfter(String chunk) {
        java.util.regex.Matcher m = LIVE.matcher(chunk);
        return m.find() ? Optional.of(Long.parseLong(m.group(1))) : Optional.empty();
    }

    /**
     * The second player opens the same game in another tab whose live feed is held up (the DevTools protocol pauses
     * the request), plays there, and then plays a move the first tab still offers: the gateway answers 409, and the
     * page reloads the board and says so.
     */
    /**
     * The player to move takes coins from the list, sees Undo offered, and undoes: the board is back at the position
     * before (as the API shows it to them), and Undo is no longer offered.
     */
    private void undoesAMove(String gameId, List<Browser> players) {
        Browser b = awaitTurn(players, players).orElseThrow();
        Browser.GameState at = b.game();
        String bearer =
                "Bearer " + json(b.localStorage("tessera.session")).get("token").asText();
        JsonNode before = json(given().header("Authorization", bearer)
                        .get("/api/v1/games/" + gameId)
                        .asString())
                .get("state");
        assertTrue(b.all("#undo").isEmpty(), "Undo is offered before any move");
        String takeCoins = at.listed().stream()
                .filter(m -> m.contains("\"take-coins\""))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no take-coins move listed: " + at.listed()));
        clickListed(b, takeCoins);
        b.await(
                Duration.ofSeconds(30),
                "Undo offered after the move",
                x -> x.game().ready()
                        && x.game().version() == at.version() + 1
                        && !x.all("#undo").isEmpty());
        b.click("#undo");
        b.await(
                Duration.ofSeconds(30),
                "the board after the undo",
                x -> x.game().ready()
                        && x.game().version() == at.version() + 2
                        && x.all("#undo").isEmpty());
        assertEquals(
                before,
                json(given().header("Authorization", bearer)
                                .get("/api/v1/games/" + gameId)
                                .asString())
                        .get("state"),
                "the undo put the game back as it was before the move");
        // The log is read from the history after the event arrives, which may be a moment after the board is drawn.
        b.await(
                Duration.ofSeconds(10),
                "the log saying what the undo did",
                x -> String.valueOf(x.js("return document.querySelector('main').innerText"))
                        .contains(Map.of("en", "took back a move", "ja", "1 手戻しました")
                                .get(x.lang)));
    }

    private void staleMoveReloads(Browser gus, String gameId, List<Browser> players) {
        Browser.GameState at = awaitTurn(players, players).orElseThrow().game();
        assertTrue(gus.game().moves() > 0, "the first seat does not move first");
        HasCdp cdp = (HasCdp) gus.driver;
        cdp.executeCdpCommand(
                "Fetch.enable", Map.of("patterns", List.of(Map.of("urlPattern", "*/api/v1/games/*/live*"))));
        gus.driver.navigate().refresh();
        gus.await(
                Duration.ofSeconds(30),
                "the board without a live feed",
                b -> b.game() != null && b.game().ready() && b.game().moves() > 0);
        String bearer = "Bearer "
                + json(gus.localStorage("tessera.session")).get("token").asText();
        JsonNode legal = json(given().header("Authorization", bearer)
                .get("/api/v1/games/" + gameId + "/legal-moves")
                .asString());
        given().header("Authorization", bearer)
                .contentType(ContentType.JSON)
                .body(Map.of(
                        "expectedVersion",
                        legal.get("version").asLong(),
                        "move",
                        legal.get("moves").get(0)))
                .post("/api/v1/games/" + gameId + "/moves")
                .then()
                .statusCode(200);
        long current = legal.get("version").asLong() + 1;
        assertEquals(at.version(), gus.game().version(), "the held-up tab saw the move");
        gus.click("#moves button.move");
        confirmIfAsked(gus);
        Browser.GameState after = gus.await(
                Duration.ofSeconds(30),
                "the board reloaded after the 409",
                b -> b.game().ready()
                                && b.game().version() >= current
                                && b.game().notice() != null
                        ? b.game()
                        : null);
        assertTrue(after.notice().contains("moved on"), after.notice());
        assertTrue(gus.driver.findElement(By.id("notice")).getAttribute("class").contains("stale"));
        cdp.executeCdpCommand("Fetch.disable", Map.of());
        gus.driver.navigate().refresh();
        gus.await(
                Duration.ofSeconds(30),
                "the live feed again",
                b -> b.game() != null
                        && "live".equals(b.game().feed())
                        && b.game().ready());
    }

    /**
     * The sign-in: a token past half its life is renewed by the page; one that no longer verifies leads to sign-up,
     * and after signing up the reader is back on the page they were on.
     */
    private void signInRenewedAndLost(Browser b, String gameId) {
        JsonNode session = json(b.localStorage("tessera.session"));
        String old = session.get("token").asText();
        ((com.fasterxml.jackson.databind.node.ObjectNode) session).put("issuedAt", "2000-01-01T00:00:00Z");
        b.localStorage("tessera.session", session.toString());
        b.driver.navigate().refresh();
        String renewed = b.await(Duration.ofSeconds(20), "a renewed token", x -> {
            String token = json(x.localStorage("tessera.session")).get("token").asText();
            return token.equals(old) ? null : token;
        });
        assertNotEquals(old, renewed);
        b.await(
                Duration.ofSeconds(20),
                "the game with the renewed token",
                x -> x.game() != null && x.game().standings());

        ((com.fasterxml.jackson.databind.node.ObjectNode) session).put("token", "not-a-valid-token");
        b.localStorage("tessera.session", session.toString());
        b.driver.navigate().refresh();
        assertTrue(b.await("#signup-reason").getText().contains("no longer valid"));
        signUpAgain(b, "fay2-" + tag);
        b.await(
                Duration.ofSeconds(20),
                "back at the game",
                x -> x.url().endsWith("#/games/" + gameId)
                        && x.game() != null
                        && x.game().standings());
    }

    private static void signUpAgain(Browser b, String name) {
        b.await("#signup-name").sendKeys(name);
        b.click("#signup-submit");
    }

    /**
     * Reloads the game page with the browser's cache off and reports how long after the navigation began the board
     * was on the page (the client's own performance mark): measured and reported, never asserted (issue 40 budgets
     * 500 ms here).
     */
    private static void firstBoardOnAColdLoad(Browser b) {
        b.driver.executeCdpCommand("Network.enable", Map.of());
        b.driver.executeCdpCommand("Network.setCacheDisabled", Map.of("cacheDisabled", true));
        try {
            b.driver.navigate().refresh();
            Number drawn = b.await(
                    Duration.ofSeconds(30),
                    "the board drawn after a cold load",
                    x -> (Number)
                            x.js(
                                    "const m = performance.getEntriesByName('tessera:board-drawn'); return m.length ? m[0].startTime : null"));
            Number bytes = (Number) b.js(
                    "return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
                            + ".reduce((t, e) => t + e.transferSize, 0)");
            // What came before the draw: the page, the client's files (the last one's arrival ends the modules'
            // waterfall), and the API's answers the page waited for, each from its start to its end.
            Object before = b.js("""
                    const drawn = performance.getEntriesByName('tessera:board-drawn')[0].startTime;
                    const page = performance.getEntriesByType('navigation')[0];
                    const all = performance.getEntriesByType('resource').filter((e) => e.startTime < drawn);
                    const files = all.filter((e) => e.name.includes('/app/'));
                    const api = all.filter((e) => e.name.includes('/api/v1/'));
                    const ms = (x) => x.toFixed(0);
                    return `the page in at ${ms(page.responseEnd)} ms, ${files.length} files of the client, the last `
                        + `in at ${ms(Math.max(...files.map((e) => e.responseEnd)))} ms, ${api.length} API requests (`
                        + api.map((e) => `${new URL(e.name).pathname.slice(7)} ${ms(e.startTime)}-${ms(e.responseEnd)}`)
                            .join(', ') + ')';""");
            System.out.printf(
                    "WebClientIT: first board drawn %.0f ms after the navigation began, on a cold load (%d bytes"
                            + " transferred by then or since): %s%n",
                    drawn.doubleValue(), bytes.longValue(), before);
        } finally {
            b.driver.executeCdpCommand("Network.setCacheDisabled", Map.of("cacheDisabled", false));
        }
    }

    /**
     * The page of a player to move (the board proposing its moves above itself) at 1366, 1024, 768 and 390 px wide:
     * at each width it fits the window (no sideways scrolling), no card is drawn smaller than its size, and no text
     * runs out of its box or is cut short ({@link Browser#layoutProblems}). The window is put back as it was.
     */
    private static void layoutHoldsAtEveryWidth(String game, Browser b) {
        org.openqa.selenium.Dimension before = b.driver.manage().window().getSize();
        try {
            for (int width : new int[] {1366, 1024, 768, 390}) {
                b.size(width, width < 760 ? 844 : 900);
                b.await(
                        Duration.ofSeconds(10),
                        "the page fitting " + width + " px",
                        x -> ((Number) x.js("return document.documentElement.scrollWidth - window.innerWidth"))
                                        .intValue()
                                <= 0);
                assertEquals(
                        List.of(), b.layoutProblems(), b.who + ": the page of " + game + " at " + width + " px wide");
            }
        } finally {
            b.size(before.getWidth(), before.getHeight());
        }
    }

    /** On a phone-sized window the page fits the width (no sideways scrolling); its screenshot goes beside the others. */
    private void readableOnAPhone(String game, Browser b) {
        b.size(390, 844);
        try {
            b.await(
                    Duration.ofSeconds(10),
                    "the page fitting 390 px",
                    x -> ((Number) x.js("return document.documentElement.scrollWidth - window.innerWidth")).intValue()
                            <= 0);
            b.screenshot(shots.resolve(game + "-phone.png"));
            assertEquals(List.of(), b.layoutProblems(), b.who + ": the board of " + game + " on a phone");
            // The moves do not come before the board: they are a bar at the bottom of the screen until opened.
            @SuppressWarnings("unchecked")
            Map<String, Object> layout = (Map<String, Object>) b.js("""
                    const moves = document.getElementById('moves');
                    return {position: getComputedStyle(moves).position,
                            movesBottom: moves.getBoundingClientRect().bottom, height: window.innerHeight,
                            open: moves.classList.contains('open')};""");
            assertEquals("fixed", layout.get("position"), "the moves are not a bar: " + layout);
            assertEquals(
                    ((Number) layout.get("height")).intValue(),
                    (int) Math.round(((Number) layout.get("movesBottom")).doubleValue()),
                    "the moves' bar is not at the bottom: " + layout);
            assertFalse((Boolean) layout.get("open"), "the moves' bar is open before it is asked to be");
            b.click("#moves-toggle");
            b.await("#moves.open");
            b.click("#moves-toggle");
            b.await("#moves:not(.open)");
        } finally {
            b.size(1280, 900);
        }
    }

    /** The pages {@link #accessibleOnce} has checked, each with its language. */
    private final Set<String> checkedOnce = ConcurrentHashMap.newKeySet();

    /**
     * {@link #accessible}, once per class and language for a page every game's players pass through alike (sign-up,
     * the lobby, a table): the same page, with the same code, in every test; the first test to reach it checks it.
     */
    private void accessibleOnce(Browser b, String page) {
        if (checkedOnce.add(page + " " + b.lang)) {
            accessible(b, page);
        }
    }

    /**
     * axe-core finds nothing serious or critical on the page {@code b} shows now ({@code page} names it in the
     * failure). Run on sign-up, the lobby, a table, each game mid-game and at its end, the replay, a profile and a
     * leaderboard.
     */
    private static void accessible(Browser b, String page) {
        long began = System.nanoTime();
        List<String> problems = b.accessibilityProblems();
        AXE.addAndGet(System.nanoTime() - began);
        AXE_RUNS.incrementAndGet();
        assertEquals(List.of(), problems, b.who + ": accessibility of " + page + " (" + b.url() + ")");
        System.out.printf("WebClientIT: axe-core finds nothing serious on %s%n", page);
    }

    /**
     * The last move's highlight finds its pieces by kind and id, as the boards name them ({@code data-piece}): worker 7
     * and building 7 are two cards, and a move with worker 7 does not light building 7 (it did when the highlight chose
     * by {@code data-card}, the bare id). Checked with the page's own module ({@code game.js}' {@code lastMoveSelectors},
     * what {@code markLastMove} applies) on copies of a worker card and a building card from this page, the building
     * given the worker's id.
     */
    @SuppressWarnings("unchecked")
    private static void lastMoveLightsItsOwnPiecesOnly(Browser b) {
        List<Object> lit = (List<Object>) ((org.openqa.selenium.JavascriptExecutor) b.driver).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const main = document.querySelector('script[type=module]').src;
                import(main.replace(/main\\.js$/, 'game.js')).then(({lastMoveSelectors}) => {
                  const worker = document.querySelector('.builders [data-piece^="worker:"]').cloneNode(true);
                  const building = document.querySelector('.builders [data-piece^="building:"]').cloneNode(true);
                  const id = Number(worker.dataset.piece.slice('worker:'.length));
                  building.dataset.card = String(id);
                  building.dataset.piece = `building:${id}`;
                  const board = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
                  board.append(worker, building);
                  // A worker sent to another building: what the highlight lights on this board.
                  const selectors = lastMoveSelectors({player: 'p', worker: {id}, building: {id: id + 1000}, wagePaid: 1});
                  done([`worker:${id}`, ...selectors.flatMap((x) => [...board.querySelectorAll(x)]).map((x) => x.dataset.piece)]);
                }, (e) => done([String(e)]));""");
        assertEquals(lit.subList(0, 1), lit.subList(1, lit.size()), "what a worker's move lights: " + lit);
    }

    /** Reports a game played, and fails if any of its moves could not be made from the board. */
    private void report(String game, String gameId, int moves, long started) {
        System.out.printf(
                "WebClientIT: %s game %s, %d moves clicked in %.1f s, all on the board (%d among what it proposed"
                        + " above itself)%n",
                game, gameId, moves, (System.nanoTime() - started) / 1e9, fromTheBoard.getAndSet(0));
        Map<String, Integer> listed = Map.copyOf(fromTheList);
        fromTheList.clear();
        assertEquals(Map.of(), listed, game + ": moves the board did not offer, chosen in the list (by type)");
    }
}
