package dev.tessera.e2e;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoSuchElementException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.FluentWait;

/**
 * One person at a browser: Debian's chromium, headless, with a profile of its own (so its own localStorage, its own
 * sign-in), driven through chromedriver. Both binaries are named, so Selenium downloads nothing.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getProperty("tessera.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("tessera.chromedriver", "/usr/bin/chromedriver"));

    final String who;
    /** The language the browser asks for (navigator.languages, Accept-Language): "en", "ja"… */
    final String lang;

    final ChromeDriver driver;
    private final Path profile;
    private final String base;

    /**
     * Skips the browser tests where no browser is installed, saying how to install one, unless
     * TESSERA_BROWSER_REQUIRED is set (.ci/run sets it after installing both): there a missing browser fails.
     */
    static void assumeInstalled() {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String missing = CHROMIUM + " and " + CHROMEDRIVER + " are needed for the web client's browser tests: "
                + "apt-get install chromium chromium-driver (or -Dtessera.chromium=… -Dtessera.chromedriver=…)";
        if (!installed && System.getenv("TESSERA_BROWSER_REQUIRED") != null) {
            throw new IllegalStateException(missing);
        }
        Assumptions.assumeTrue(installed, missing);
    }

    Browser(String who, String base) {
        this(who, base, "en");
    }

    /** A browser that speaks {@code lang}: chromium's interface language and the languages it asks pages for. */
    Browser(String who, String base, String lang) {
        this.who = who;
        this.base = base;
        this.lang = lang;
        try {
            profile = Files.createTempDirectory("tessera-chromium-" + who);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Without the background-networking switches chromium keeps trying to reach Google's servers, which a closed
        // network refuses over and over.
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--window-size=1280,900",
                "--lang=" + lang,
                "--user-data-dir=" + profile);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", lang));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
    }

    void open(String hash) {
        driver.get(base + "/" + hash);
    }

    String url() {
        return driver.getCurrentUrl();
    }

    /** Waits, polling the page every 20 ms, until {@code condition} answers something other than null or false. */
    <T> T await(Duration timeout, String what, Function<Browser, T> condition) {
        // A page redrawn between finding an element and reading it is simply read again at the next poll.
        return new FluentWait<>(this)
                .withTimeout(timeout)
                .pollingEvery(Duration.ofMillis(20))
                .ignoring(StaleElementReferenceException.class)
                .withMessage(() -> who + ": " + what + "; page: " + describe())
                .until(condition);
    }

    WebElement await(String css) {
        return await(Duration.ofSeconds(30), "waiting for " + css, b -> {
            List<WebElement> found = b.driver.findElements(By.cssSelector(css));
            return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
        });
    }

    /**
     * Clicks what {@code find} finds now, as a reader would: scrolled to the middle of the screen first (not under a
     * phone's bar of moves at its bottom), then clicked. When the page draws it again between the find and the click
     * (a late event, a page redrawn under load: a stale element), or something else is over it for a moment (a piece
     * travelling to its place), it is found again and clicked then, for up to 30 s: the one place where the browser
     * tests retry a click, never after a sleep. {@code find} answering null (nothing to click) is a
     * NoSuchElementException at once. Answers the element clicked.
     */
    WebElement click(String what, Function<Browser, WebElement> find) {
        return new FluentWait<>(this)
                .withTimeout(Duration.ofSeconds(30))
                .pollingEvery(Duration.ofMillis(20))
                .ignoring(StaleElementReferenceException.class)
                .ignoring(ElementClickInterceptedException.class)
                .withMessage(() -> who + ": clicking " + what + "; page: " + describe())
                .until(b -> {
                    WebElement found = find.apply(b);
                    if (found == null) {
                        throw new NoSuchElementException(who + ": nothing to click for " + what);
                    }
                    b.js("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", found);
                    found.click();
                    return found;
                });
    }

    /**
     * Clicks the first element {@code css} selects that shows, once one does (for up to 30 s), found again if it is
     * redrawn meanwhile.
     */
    WebElement click(String css) {
        return click(
                css,
                b -> b.await(
                        Duration.ofSeconds(30),
                        "waiting for " + css,
                        x -> x.all(css).stream()
                                .filter(WebElement::isDisplayed)
                                .findFirst()
                                .orElse(null)));
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /**
     * What axe-core (Deque's accessibility rules, run in the page as it is now) finds serious or critical, one line
     * per rule: its id, how many elements fail it, and the first of them with what is wrong. Empty when none.
     */
    List<String> accessibilityProblems() {
        Results results = new AxeBuilder().analyze(driver);
        if (results.isErrored()) {
            throw new IllegalStateException(who + ": axe-core failed on " + url() + ": " + results.getErrorMessage());
        }
        return results.getViolations().stream()
                .filter(rule -> "serious".equals(rule.getImpact()) || "critical".equals(rule.getImpact()))
                .map(Browser::describe)
                .toList();
    }

    private static String describe(Rule rule) {
        var first = rule.getNodes().get(0);
        return rule.getId() + " (" + rule.getImpact() + ", " + rule.getNodes().size() + " element(s)): "
                + first.getTarget() + " " + first.getFailureSummary().replace('\n', ' ');
    }

    /**
     * Where the page's layout does not hold, one line each: a card or tile (a {@code svg.piece}) drawn narrower than
     * its own width (scaled down to fit), a text of a piece on the board that runs out of the piece's outline (the
     * first rect of its group), a text of the page cut short by its box (overflow hidden, an ellipsis), or one that
     * runs out of the window sideways (except inside a box that scrolls sideways, such as a wide table on a phone).
     * Empty when none.
     */
    @SuppressWarnings("unchecked")
    List<String> layoutProblems() {
        return (List<String>) js("""
                const problems = [];
                for (const piece of document.querySelectorAll('main svg.piece')) {
                  const drawn = piece.getBoundingClientRect().width, own = Number(piece.getAttribute('width'));
                  if (drawn < own - 0.5) problems.push(`a piece drawn ${drawn.toFixed(1)} px wide instead of ${own}: ${piece.textContent.trim().slice(0, 40)}`);
                }
                for (const outline of document.querySelectorAll('main svg g > rect:first-child')) {
                  const g = outline.parentNode, box = outline.getBBox();
                  if (!box.width || !box.height) continue;
                  for (const text of g.querySelectorAll(':scope > text')) {
                    if (!text.textContent.trim()) continue;
                    const t = text.getBBox();
                    if (t.x < box.x - 1 || t.y < box.y - 1 || t.x + t.width > box.x + box.width + 1 || t.y + t.height > box.y + box.height + 1) {
                      problems.push(`"${text.textContent}" runs out of its ${box.width}×${box.height} box`);
                    }
                  }
                }
                const width = document.documentElement.clientWidth;
                const scrollsSideways = (el) => {
                  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
                    if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
                  }
                  return false;
                };
                for (const el of document.querySelectorAll('main *')) {
                  if (el.closest('svg')) continue;
                  const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
                  if (!own) continue;
                  const r = el.getBoundingClientRect(), style = getComputedStyle(el);
                  if (!r.width || !r.height || style.visibility === 'hidden') continue;
                  const cut = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
                  if (cut && el.scrollWidth > el.clientWidth + 1) {
                    problems.push(`"${own.slice(0, 40)}" is cut short: ${el.scrollWidth} px of text in a ${el.clientWidth} px box`);
                  }
                  if ((r.right > width + 1 || r.left < -1) && !scrollsSideways(el)) {
                    problems.push(`"${own.slice(0, 40)}" runs out of the ${width} px window (${Math.round(r.left)} to ${Math.round(r.right)})`);
                  }
                }
                return problems;""");
    }

    /**
     * What the page shows that was never translated, one line each: a key of the client's message catalogue
     * (messages/en.json, read by the page itself) or a {placeholder} left unfilled, in the page's text or in a text
     * alternative (aria-label, title, alt). Empty when none.
     */
    @SuppressWarnings("unchecked")
    List<String> untranslated() {
        return (List<String>) ((JavascriptExecutor) driver).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const main = document.querySelector('script[type=module]').src;
                fetch(new URL('messages/en.json', main)).then((r) => r.json()).then((en) => {
                  const keys = new Set(Object.keys(en));
                  const texts = [document.title, document.body.innerText,
                    ...[...document.querySelectorAll('[aria-label], [title], [alt], title')].map(
                      (e) => [e.getAttribute('aria-label'), e.getAttribute('title'), e.getAttribute('alt'), e.textContent].filter(Boolean).join(' '))];
                  const found = new Set();
                  for (const text of texts) {
                    for (const word of text.match(/[a-z][a-z0-9-]*(?:\\.[a-z0-9_-]+)+/g) || []) if (keys.has(word)) found.add(`key ${word}`);
                    for (const hole of text.match(/\\{[A-Za-z]+\\}/g) || []) found.add(`placeholder ${hole}`);
                  }
                  done([...found]);
                }, (e) => done([`the catalogue could not be read: ${e}`]));""");
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private static final String READ_GAME = """
            const read = () => {
              const m = document.querySelector('main#game');
              if (!m || !m.dataset.version) return null;
              const mine = document.querySelector('.player.mine');
              const listed = [...document.querySelectorAll('#moves button.move:not([disabled])')].map(b => b.dataset.move);
              return {version: Number(m.dataset.version), state: m.dataset.state, feed: m.dataset.feed,
                      moves: listed.length, listed,
                      mine: mine ? {sites: mine.dataset.sites || '', freeWorkers: mine.dataset.freeWorkers || '',
                                    coins: (mine.querySelector('.coins') || {}).textContent || ''} : {},
                      standings: !!document.getElementById('standings'), events: Number(m.dataset.events),
                      lastEvent: Number(m.dataset.feedVersion),
                      notice: (document.getElementById('notice') || {}).textContent || null,
                      confirm: !!document.getElementById('confirm-play')};
            };""";

    /** The game page as a test reads it: version, state, number of move buttons, standings shown, the feed. */
    GameState game() {
        return gameState(js(READ_GAME + "return read();"));
    }

    /**
     * The game page once it differs from {@code last} (or after {@code millis}): waits inside the page, on its
     * redraws, rather than asking it again and again.
     */
    GameState gameAfterChange(GameState last, long millis) {
        Object answer = ((JavascriptExecutor) driver).executeAsyncScript(READ_GAME + """
                const [last, millis, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
                const key = (s) => s ? [s.version, s.state, s.feed, s.moves, s.standings, s.events, s.notice].join('|') : 'none';
                if (key(read()) !== last) return done(read());
                let timer;
                const observer = new MutationObserver(() => {
                  if (key(read()) !== last) { observer.disconnect(); clearTimeout(timer); done(read()); }
                });
                observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
                timer = setTimeout(() => { observer.disconnect(); done(read()); }, millis);""", key(last), millis);
        return gameState(answer);
    }

    private static String key(GameState s) {
        return s == null
                ? "none"
                : String.join(
                        "|",
                        String.valueOf(s.version()),
                        s.state(),
                        s.feed(),
                        String.valueOf(s.moves()),
                        String.valueOf(s.standings()),
                        String.valueOf(s.events()),
                        s.notice() == null ? "" : s.notice());
    }

    private static GameState gameState(Object answer) {
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) answer;
        if (m == null) {
            return null;
        }
        @SuppressWarnings("unchecked")
        List<String> listed = (List<String>) m.get("listed");
        @SuppressWarnings("unchecked")
        Map<String, String> mine = (Map<String, String>) m.get("mine");
        return new GameState(
                ((Number) m.get("version")).longValue(),
                (String) m.get("state"),
                (String) m.get("feed"),
                ((Number) m.get("moves")).intValue(),
                (Boolean) m.get("standings"),
                ((Number) m.get("events")).longValue(),
                ((Number) m.get("lastEvent")).longValue(),
                (String) m.get("notice"),
                listed,
                mine,
                Boolean.TRUE.equals(m.get("confirm")));
    }

    /**
     * @param listed the moves the page lists (each button's data-move, the JSON exactly as legal-moves gave it)
     * @param mine   what the reader's own area shows that a player choosing needs: sites, free workers, coins
     * @param confirm whether the page asks to confirm a move that cannot be taken back (#confirm-play)
     */
    record GameState(
            long version,
            String state,
            String feed,
            int moves,
            boolean standings,
            long events,
            long lastEvent,
            String notice,
            List<String> listed,
            Map<String, String> mine,
            boolean confirm) {
        boolean ready() {
            return "ready".equals(state);
        }
    }

    String describe() {
        try {
            Object text = js("return (document.querySelector('main') || document.body).innerText.slice(0, 600)");
            return url() + " " + game() + " " + text;
        } catch (RuntimeException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /**
     * From now until the page is loaded again, notes the text of every progress indication the page shows (the
     * game waiting for the scoring service), however briefly it is up.
     */
    void recordWaiting() {
        js("""
                window.tesseraWaiting = [];
                new MutationObserver(() => {
                  const w = document.getElementById('waiting');
                  if (w && !window.tesseraWaiting.includes(w.textContent)) window.tesseraWaiting.push(w.textContent);
                }).observe(document.body, {subtree: true, childList: true});""");
    }

    @SuppressWarnings("unchecked")
    List<String> waitingShown() {
        return (List<String>) js("return window.tesseraWaiting || []");
    }

    String localStorage(String key) {
        return (String) js("return localStorage.getItem(arguments[0])", key);
    }

    void localStorage(String key, String value) {
        js("localStorage.setItem(arguments[0], arguments[1])", key, value);
    }

    void size(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    void screenshot(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A screenshot of the whole page, however long: the window is stretched to the page for it. */
    void fullScreenshot(Path file) {
        Dimension before = driver.manage().window().getSize();
        long height = ((Number) js("return Math.ceil(document.documentElement.scrollHeight)")).longValue();
        size(before.getWidth(), (int) Math.min(6000, Math.max(before.getHeight(), height + 120)));
        js("window.scrollTo(0, 0)");
        try {
            screenshot(file);
        } finally {
            size(before.getWidth(), before.getHeight());
        }
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            try (var paths = Files.walk(profile)) {
                paths.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a temporary folder left behind
            }
        }
    }
}
