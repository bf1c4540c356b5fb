#!/usr/bin/python3
"""The served archive in headless Chromium: `othello-db serve --port 0` on the fixture archive,
the search page run like a visitor would (type, submit, page, open a result), the game page
showing the right players, an event page from the index, and SIGINT stopping the server.

Run by ctest (tests/serve/CMakeLists.txt). It never skips: a missing Chromium, chromedriver or
Selenium is a failure. Screenshots go to --out (look at them)."""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SCRIPT_NAME = "<script>alert(1)</script>"


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def check(condition, message):
    if not condition:
        fail(message)
    print("ok: " + message)


def start_server(cli, db):
    server = subprocess.Popen([cli, "--db", db, "serve", "--port", "0", "--threads", "4"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if not match:
        server.kill()
        fail("serve printed no URL: %r %r" % (line, server.stderr.read()))
    return server, match.group(1)


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    options.add_argument("--headless=new")
    options.add_argument("--window-size=1280,1000")
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--disable-gpu")
    if os.geteuid() == 0:
        options.add_argument("--no-sandbox")  # Chromium refuses to run as root otherwise
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait(driver, condition, what, seconds=15):
    try:
        # A row the page replaced while the condition read it is read again (under load the
        # table is rebuilt between finding a row and reading its cells).
        return WebDriverWait(driver, seconds,
                             ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: condition(d))
    except TimeoutException:
        fail("timed out waiting for " + what + "; page text: " +
             driver.find_element(By.TAG_NAME, "body").text[:500])


def rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#results tbody tr")


def cells(row):
    return [td.text for td in row.find_elements(By.TAG_NAME, "td")]


def no_alert(driver):
    try:
        alert = driver.switch_to.alert
        text = alert.text
        alert.dismiss()
        fail("a page opened an alert: " + text)
    except Exception:  # NoAlertPresentException: good
        pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--fixture", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="othello-serve-browser-") as tmp:
        db = os.path.join(tmp, "club.sqlite")
        subprocess.run([args.cli, "--db", db, "import", args.fixture], check=True,
                       stdout=subprocess.DEVNULL)
        server, url = start_server(args.cli, db)
        driver = None
        try:
            driver = browser()
            driver.get(url + "search.html")
            check(driver.title.startswith("Search"), "the search page opens")

            # A search by player, submitted with the Enter key.
            box = driver.find_element(By.NAME, "player")
            box.send_keys("anna")
            box.send_keys(Keys.ENTER)
            wait(driver, lambda d: len(rows(d)) == 4, "4 games of Anna Berg")
            status = driver.find_element(By.ID, "search-status").text
            check(status.startswith("4 games"), "the status says 4 games: " + status)
            check("player=anna" in driver.current_url, "the search is in the address")
            for row in rows(driver):
                c = cells(row)
                check("Anna Berg" in (c[1], c[2]), "row %s has Anna Berg" % c[0])
            driver.save_screenshot(os.path.join(args.out, "search-player.png"))

            # The event filter with a year and the button: names that are markup show as text.
            driver.find_element(By.ID, "reset-button").click()
            driver.find_element(By.NAME, "event").send_keys("club")
            driver.find_element(By.NAME, "year").send_keys("2023")
            driver.find_element(By.NAME, "limit").send_keys("20")
            driver.find_element(By.ID, "search-button").click()
            wait(driver, lambda d: len(rows(d)) == 6, "6 games of the club championship")
            names = [n for row in rows(driver) for n in cells(row)[1:3]]
            check(SCRIPT_NAME in names, "the markup name shows as text in the results")
            no_alert(driver)
            check(all(cells(row)[4] == "Club Championship - 2023" for row in rows(driver)),
                  "every row shows its event")
            check(all(cells(row)[5] == "2023" for row in rows(driver)), "every row shows 2023")
            driver.save_screenshot(os.path.join(args.out, "search-event.png"))

            # A position search (moves), two results a page, then the next page.
            driver.get(url + "search.html?moves=f5f6e6f4&limit=20")
            wait(driver, lambda d: len(rows(d)) > 0, "games through f5f6e6f4")
            total = len(rows(driver))
            check(all(cells(row)[6] == "4" for row in rows(driver)),
                  "a position search shows the ply reached (4)")
            driver.get(url + "search.html?limit=2")
            wait(driver, lambda d: len(rows(d)) == 2, "a first page of 2")
            first_page = [cells(r)[0] for r in rows(driver)]
            driver.find_element(By.ID, "next-page").click()
            wait(driver, lambda d: len(rows(d)) == 2 and [cells(r)[0] for r in rows(d)] != first_page,
                 "the second page")
            check("offset=2" in driver.current_url, "the page is in the address")
            driver.back()
            wait(driver, lambda d: [cells(r)[0] for r in rows(d)] == first_page,
                 "the back button returns to the first page")
            print("position search: %d games" % total)

            # A pattern search typed into the form: the results with the first ply where the
            # pattern holds, a result opening its game at that ply.
            driver.get(url + "search.html")
            driver.find_element(By.NAME, "pattern").send_keys("a1=X b2=-")
            driver.find_element(By.ID, "search-button").click()
            wait(driver, lambda d: len(rows(d)) > 0 and
                 "pattern" in d.find_element(By.ID, "search-status").text, "games with a1=X b2=-")
            status = driver.find_element(By.ID, "search-status").text
            check("with the pattern a1=X b2=-" in status, "the status names the pattern: " + status)
            check("pattern=a1%3DX+b2%3D-" in driver.current_url,
                  "the pattern is in the address: " + driver.current_url)
            first = rows(driver)[0]
            ply = cells(first)[6]
            check(ply.isdigit() and int(ply) > 4, "a hit shows its first matching ply: " + ply)
            driver.save_screenshot(os.path.join(args.out, "search-pattern.png"))
            link = first.find_element(By.CSS_SELECTOR, "a.game-link")
            href = link.get_attribute("href")
            check(href.endswith("&ply=" + ply), "the hit opens its game at ply " + ply + ": " + href)
            link.click()
            wait(driver, lambda d: d.find_element(By.ID, "ply-label").text.startswith(ply + " /"),
                 "the game page at ply " + ply)
            check(True, "the game page opens at the pattern's ply " + ply)
            no_alert(driver)
            driver.save_screenshot(os.path.join(args.out, "game-pattern.png"))

            # The symmetries menu and the ply range: the pattern as written finds fewer games.
            def pattern_total(query):
                driver.get(url + "search.html?" + query)
                wait(driver, lambda d: re.match(r"\d+ games?",
                                                d.find_element(By.ID, "search-status").text),
                     "the total of " + query)
                return int(driver.find_element(By.ID, "search-status").text.split()[0])
            symmetric = pattern_total("pattern=a1%3DO")
            written = pattern_total("pattern=a1%3DO&symmetry=0")
            check(driver.find_element(By.NAME, "symmetry").get_attribute("value") == "0",
                  "the menu shows 'as written only' from the address")
            check(0 < written < symmetric,
                  "a1=O as written: %d games, under the symmetries: %d" % (written, symmetric))
            early = pattern_total("pattern=a1%3DO&ply=0-40")
            check(early < symmetric, "a1=O by ply 40: %d games" % early)

            # A pattern that does not parse: the parser's message, with its column.
            driver.get(url + "search.html?pattern=a1%3DQ")
            wait(driver, lambda d: "failed" in d.find_element(By.ID, "search-status").text,
                 "the pattern's error")
            message = driver.find_element(By.ID, "search-status").text
            check("pattern: column" in message, "a bad pattern is reported: " + message)
            driver.save_screenshot(os.path.join(args.out, "search-pattern-error.png"))

            # A bad parameter: the API's message shows on the page.
            driver.get(url + "search.html?board=nonsense")
            wait(driver, lambda d: "failed" in d.find_element(By.ID, "search-status").text,
                 "the error message")
            message = driver.find_element(By.ID, "search-status").text
            check("board" in message, "a bad board is reported: " + message)
            driver.save_screenshot(os.path.join(args.out, "search-error.png"))

            # Open a result: the game page of the site shows its players.
            driver.get(url + "search.html?black=Bruno&white=Chlo")
            wait(driver, lambda d: len(rows(d)) == 1, "Bruno Costa - Chloé Dubois")
            game_id = cells(rows(driver)[0])[0]
            link = rows(driver)[0].find_element(By.CSS_SELECTOR, "a.game-link")
            href = link.get_attribute("href")
            check(re.search(r"game\.html\?event=\d+&game=" + game_id + "$", href) is not None,
                  "the result links to the game page: " + href)
            link.click()
            wait(driver, lambda d: "game.html" in d.current_url, "the game page")
            wait(driver, lambda d: "Bruno Costa" in d.find_element(By.TAG_NAME, "body").text and
                 "Chloé Dubois" in d.find_element(By.TAG_NAME, "body").text,
                 "the players on the game page")
            check(True, "the game page shows Bruno Costa and Chloé Dubois")
            no_alert(driver)
            driver.save_screenshot(os.path.join(args.out, "game.png"))

            # An event page, from the index.
            driver.get(url)
            wait(driver, lambda d: d.find_elements(By.PARTIAL_LINK_TEXT, "Club Championship"),
                 "the club championship on the index")
            driver.save_screenshot(os.path.join(args.out, "index.png"))
            driver.find_element(By.PARTIAL_LINK_TEXT, "Club Championship").click()
            wait(driver, lambda d: "/events/" in d.current_url, "the event page")
            text = driver.find_element(By.TAG_NAME, "body").text
            for name in ("Anna Berg", "Bruno Costa", "Chloé Dubois", SCRIPT_NAME):
                check(name in text, "the event page lists " + name)
            no_alert(driver)
            driver.save_screenshot(os.path.join(args.out, "event.png"))

            # The site links to the search page.
            check(driver.find_elements(By.CSS_SELECTOR, "a[href$='search.html']"),
                  "the event page links to the search page")
        finally:
            if driver:
                driver.quit()
            server.send_signal(signal.SIGINT)
            try:
                code = server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                fail("serve did not stop on SIGINT")
        check(code == 0, "serve stops on SIGINT with exit code 0 (got %s)" % code)
    print("screenshots in " + args.out)


if __name__ == "__main__":
    main()
