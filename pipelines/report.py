"""The therapist report: a calm PDF of a date range of the user's journal, built from their own
words only: how the mood moved (a chart), what the entries keep returning to, each entry's
summary, and a few sentences quoted with their dates. It is not a clinical assessment.

`build_therapist_report` is a plain, blocking function: the API runs it in a worker thread.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from xml.sax.saxutils import escape

import msgspec
import structlog
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Circle, Drawing, Rect, String
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from models.constants import MOOD_SCORE
from models.dates import long_date

# structlog directly (pipelines do not depend on the api package): the app configures structlog globally
# (api/logging.py), so this logger renders like every other.
log = structlog.stdlib.get_logger("reverie.report")

DISCLAIMER = "Prepared from the writer's own journal; it is not a clinical assessment."
MAX_QUOTES = 8
MAX_THEMES = 6
# A theme of the period recurs: it is in at least this many of its entries.
MIN_THEME_ENTRIES = 2
SUMMARY_CHARS = 400
QUOTE_MIN_WORDS, QUOTE_MAX_WORDS = 6, 45
# Words of errands and to-do phrasing ("ask Sam", "buy milk", "email the landlord"): frequent in a
# journal, but they say what was to be done, not what the writer keeps returning to.
ERRAND_WORDS = frozenset("""
ask asked asking buy bought buying email emailed emails call called calling text texted send sent pay paid
book booked fix fixed check checked finish finished write wrote read try tried start make take took get
getting give gave put set keep kept let find found look looked see saw seen meet met remember plan planned
pick picked order ordered reply replied schedule sort sorted update updated print return bring brought
clean cleaned tidy sign signed renew renewed fill submit follow figure pack move moved talk talked tell
thought think use used help helped come back done doing things stuff way lot maybe also next last first
""".split())  # noqa: SIM905

# The chart's mood score is models.constants.MOOD_SCORE: low (0) to bright (3), as the Self Analysis
# ranks moods.
SCORE_LABELS = {0: "Low", 1: "Strained", 2: "Steady", 3: "Bright"}
MOOD_COLOURS = {
    "Happy": colors.HexColor("#E0A526"),
    "Loving": colors.HexColor("#D2698A"),
    "Neutral": colors.HexColor("#8C96A0"),
    "Tired": colors.HexColor("#7A86B8"),
    "Anxious": colors.HexColor("#B58AC9"),
    "Sad": colors.HexColor("#4F7CAC"),
    "Angry": colors.HexColor("#C0574F"),
}
LEGEND_TOP, LEGEND_ROW = 36, 13  # the legend's first baseline and its line height, in points
INK = colors.HexColor("#2F3A45")
SOFT = colors.HexColor("#6B7785")
LINE = colors.HexColor("#5B8C85")


class ReportEntry(msgspec.Struct, frozen=True, kw_only=True):
    date: date
    content: str
    summary: str | None = None
    mood: str | None = None  # the mood's text: "Happy", "Tired", ...


# A date at the start of an entry's text (d/m/yyyy with /, - or . between): the date the journal
# shows for the entry (spec part 2, "Entry date display priority"), so the report shows it too.
_CONTENT_DATE = re.compile(r"^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?!\d)")


def shown_date(content: str, stored: date) -> date:
    """The entry's date as the journal shows it: a real d/m/yyyy day opening the text, else its
    stored date (the timestamp the list would use next always agrees with it)."""
    match = _CONTENT_DATE.match(content or "")
    if match:
        day, month, year = (int(part) for part in match.groups())
        try:
            return date(year, month, day)
        except ValueError:
            pass
    return stored


def _entry(value) -> ReportEntry:
    if isinstance(value, ReportEntry):
        return msgspec.structs.replace(value, date=shown_date(value.content, value.date))
    if isinstance(value, dict):
        return _entry(ReportEntry(date=value["date"], content=value.get("content") or "",
                                  summary=value.get("summary"), mood=value.get("mood")))
    day, content, summary, mood = value
    return _entry(ReportEntry(date=day, content=content or "", summary=summary, mood=mood))


# -- what goes in ----------------------------------------------------------------------------
def _mood_of(entry: ReportEntry) -> str | None:
    if entry.mood and entry.mood.capitalize() in MOOD_SCORE:
        return entry.mood.capitalize()
    if not entry.content.strip():
        return None
    try:
        from pipelines.mood import predict_mood

        return predict_mood(entry.content).text
    except Exception as exc:  # the chart simply leaves this entry out
        log.warning("report_mood_failed", error=str(exc))
        return None


def _sentences(text: str) -> list[str]:
    try:
        from pipelines.highlights import split_sentences

        return split_sentences(text)
    except Exception:
        return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _summary(entry: ReportEntry) -> str:
    text = (entry.summary or "").strip()
    if not text:
        text = " ".join(_sentences(entry.content)[:2]) or entry.content.strip()
    return text if len(text) <= SUMMARY_CHARS else text[: SUMMARY_CHARS - 1].rsplit(" ", 1)[0] + "…"


# An area of life counts an entry only when the entry also names something of it: a word of the
# entry this close to one of the area's own words ("slept" to "sleep", "holiday" to "holidays").
# By meaning alone, "Lunch with Jo and Dad at his place ... shopping until January" read as travel,
# and a month without a trip showed "Travel 3" to the therapist.
AREA_WORD_MIN = 0.6
_AREA_ITEMS = re.compile(r",\s*|\s+and\s+")
_LETTERS = re.compile(r"[A-Za-z][A-Za-z'\u2019-]+")


def _named_areas(texts: Sequence[str], areas: dict[int, str]) -> dict[int, str]:
    """`areas` (entry index -> area its meaning is closest to), kept where the entry has a word of
    that area."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    from pipelines.embeddings import embed
    from pipelines.providers.local_provider import LIFE_AREAS

    words = {i: {w.lower() for w in _LETTERS.findall(texts[i])} - ENGLISH_STOP_WORDS for i in areas}
    vocabulary = sorted(set().union(*words.values()))
    if not vocabulary:
        return {}
    vectors = embed(vocabulary)
    closest = {}
    for name in set(areas.values()):
        items = [item.strip() for item in _AREA_ITEMS.split(LIFE_AREAS[name]) if item.strip()]
        best = (vectors @ embed(items).T).max(axis=1)
        closest[name] = {w for w, score in zip(vocabulary, best, strict=True) if score >= AREA_WORD_MIN}
    return {i: name for i, name in areas.items() if words[i] & closest[name]}


def _as_written(word: str, texts: Sequence[str], pattern: re.Pattern) -> str:
    """A recurring word (a stem: "atla") as the writer spells it: their most common form of it,
    capitalised when they always capitalise it inside a sentence ("Atlas", "Dev", but "cutover")."""
    forms: Counter = Counter()
    capitals = []
    for text in texts:
        for match in pattern.finditer(text):
            form = re.sub(r"['\u2019]s$", "", match.group())
            forms[form.lower()] += 1
            if not re.search(r"(?:^|[.!?:\n]\s*)$", text[: match.start()]):
                capitals.append(form[0].isupper())
    if not forms:
        return word
    form = max(forms.items(), key=lambda kv: (kv[1], -len(kv[0])))[0]
    return form.capitalize() if capitals and all(capitals) else form


_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "madam"})


def _about(found: list[tuple[str, set[int]]], texts: Sequence[str]) -> list[tuple[str, set[int]]]:
    """The recurring words that name a topic of their entries, as Self Analysis's threads do: a
    person the journal names (`people_by_text`), or a word its entries are about by meaning
    (`THEME_MIN_MEANING`). A shared word is no theme: "field" (a dog's grave in the top field, the
    field let), "says", the title "Mrs"."""
    import numpy as np

    from pipelines.embeddings import embed
    from pipelines.people import people_by_text
    from pipelines.themes import THEME_MIN_MEANING, is_family_name

    people = {p.lower(): p for p in people_by_text(list(texts))[0]}
    vectors = embed(list(texts))
    kept = []
    for word, ids in found:
        if word.lower() in _TITLES:
            continue
        if word.lower() in people or is_family_name(word):
            kept.append((people.get(word.lower(), word), ids))
        else:
            meaning = float(np.mean(vectors[sorted(ids)] @ embed([word])[0]))
            if meaning >= THEME_MIN_MEANING:
                kept.append((word, ids))
    return kept


def _themes(entries: Sequence[ReportEntry]) -> list[tuple[str, int]]:
    """Areas of life (by meaning, named in the entry's words) and recurring words, each with the
    number of entries it is in."""
    texts = [e.content for e in entries if e.content.strip()]
    themes: list[tuple[str, int]] = []
    if not texts:
        return themes
    try:
        from pipelines.embeddings import embed
        from pipelines.providers.local_provider import LIFE_AREA_MIN_SCORE, LIFE_AREAS

        names = list(LIFE_AREAS)
        scores = embed(texts) @ embed(list(LIFE_AREAS.values())).T
        areas = Counter(_named_areas(texts, {i: names[int(row.argmax())] for i, row in enumerate(scores)
                                             if row.max() >= LIFE_AREA_MIN_SCORE}).values())
        # The report is read by the therapist: "Feelings", not the story's "your feelings".
        # Recurring: an area of one entry is no theme of the period.
        themes += [(name.removeprefix("your ").capitalize(), n) for name, n in areas.most_common(3)
                   if n >= MIN_THEME_ENTRIES]
    except Exception as exc:  # recurring words still say what the entries return to
        log.warning("report_life_areas_failed", error=str(exc))
    try:
        from pipelines.reflection import recurring_words
        from pipelines.themes import merge_alike

        found = []
        for word in [w for w in recurring_words(texts, limit=4 * MAX_THEMES) if w not in ERRAND_WORDS]:
            # The whole word, its plural or possessive: "Tom" and "Tom's", never "Tomorrow".
            pattern = re.compile(rf"\b{re.escape(word)}(?:s|['\u2019]s)?\b", re.IGNORECASE)
            found.append((_as_written(word, texts, pattern), {i for i, t in enumerate(texts) if pattern.search(t)}))
        found = _about(found, texts)
        # Words of the same (or nearly the same) entries are one theme: one recurring sentence gave
        # "deciding", "planning" and "stuck", 73 entries each, three rows.
        for group in merge_alike(found, lambda item: item[1])[:MAX_THEMES]:
            words = [word for word, _ in group[:3]]
            label = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
            themes.append((label, len(set().union(*(ids for _, ids in group)))))
    except Exception as exc:
        log.warning("report_recurring_words_failed", error=str(exc))
    return themes[: MAX_THEMES + 3]


def _quotes(entries: Sequence[ReportEntry]) -> list[tuple[date, str]]:
    """A few of the writer's own sentences, the most feeling-laden of each entry, spread over the range."""
    try:
        from pipelines.mood import keyword_scores
    except Exception:  # pragma: no cover - the keyword lexicon ships with the app
        def keyword_scores(text):  # type: ignore[misc]
            return {}
    candidates: list[tuple[date, str, float]] = []
    for entry in entries:
        best: tuple[float, str] | None = None
        for sentence in _sentences(entry.content):
            words = len(sentence.split())
            if not QUOTE_MIN_WORDS <= words <= QUOTE_MAX_WORDS:
                continue
            weight = sum(keyword_scores(sentence).values())
            weight += 0.5 if re.search(r"\b(I|I'm|I've|me|my)\b", sentence) else 0.0
            if best is None or weight > best[0]:
                best = (weight, sentence)
        if best:
            candidates.append((entry.date, best[1], best[0]))
    if len(candidates) <= MAX_QUOTES:
        return [(d, s) for d, s, _ in candidates]
    # Spread over the range: the strongest sentence of each of MAX_QUOTES equal slices.
    chosen = []
    size = len(candidates) / MAX_QUOTES
    for i in range(MAX_QUOTES):
        part = candidates[int(i * size): int((i + 1) * size)]
        if part:
            d, s, _ = max(part, key=lambda c: c[2])
            chosen.append((d, s))
    return chosen


# -- the chart -------------------------------------------------------------------------------
def mood_chart(start: date, end: date, moods: Iterable[tuple[date, str]], width: float = 170 * mm,
               height: float = 78 * mm) -> Drawing:
    """A line of the average mood score per day with entries, each entry a dot in its mood's colour."""
    by_day: dict[date, list[str]] = {}
    for day, mood in moods:
        by_day.setdefault(day, []).append(mood)
    days = sorted(by_day)
    span = max(1, (end - start).days)
    drawing = Drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y = 38, 64
    plot.width, plot.height = width - 50, height - 84
    averages = [((d - start).days, sum(MOOD_SCORE[m] for m in by_day[d]) / len(by_day[d])) for d in days]
    plot.data = [averages or [(0, 2)]]
    plot.lines[0].strokeColor = LINE if averages else colors.transparent
    plot.lines[0].strokeWidth = 1.2
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, span
    step = max(1, round(span / 6))
    plot.xValueAxis.valueSteps = list(range(0, span + 1, step))
    plot.xValueAxis.labelTextFormat = lambda offset: (start + timedelta(days=int(offset))).strftime("%b %d")
    plot.xValueAxis.labels.fontName = "Helvetica"
    plot.xValueAxis.labels.fontSize = 7
    plot.xValueAxis.labels.fillColor = SOFT
    plot.xValueAxis.strokeColor = SOFT
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = -0.2, 3.2
    plot.yValueAxis.valueSteps = [0, 1, 2, 3]
    plot.yValueAxis.labelTextFormat = lambda v: SCORE_LABELS.get(round(v), "")
    plot.yValueAxis.labels.fontName = "Helvetica"
    plot.yValueAxis.labels.fontSize = 7
    plot.yValueAxis.labels.fillColor = SOFT
    plot.yValueAxis.strokeColor = SOFT
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#E3E7EA")
    drawing.add(plot)

    def to_x(offset: float) -> float:
        return plot.x + plot.width * offset / span

    def to_y(score: float) -> float:
        return plot.y + plot.height * (score + 0.2) / 3.4

    radius = 2.6 if len(days) <= 60 else 1.6
    for day in days:
        for i, mood in enumerate(by_day[day]):
            jitter = (i - (len(by_day[day]) - 1) / 2) * 0.12
            drawing.add(Circle(to_x((day - start).days), to_y(MOOD_SCORE[mood] + jitter), radius,
                               fillColor=MOOD_COLOURS[mood], strokeColor=colors.white, strokeWidth=0.4))
    # The legend, two rows of four under the axis labels: each swatch drawn on its label's line
    # (reportlab's Legend put the swatches above their labels, half over the text).
    columns, swatch = 4, 7
    for i, (mood, score) in enumerate(MOOD_SCORE.items()):
        left = plot.x + (i % columns) * (width - plot.x) / columns
        baseline = LEGEND_TOP - (i // columns) * LEGEND_ROW
        drawing.add(Rect(left, baseline - 0.5, swatch, swatch, fillColor=MOOD_COLOURS[mood], strokeColor=None))
        drawing.add(String(left + swatch + 4, baseline, f"{mood} ({SCORE_LABELS[score]})", fontName="Helvetica",
                           fontSize=7.5, fillColor=INK))
    if not days:
        drawing.add(String(plot.x + plot.width / 2, plot.y + plot.height / 2, "No moods recorded in this range",
                           textAnchor="middle", fontName="Helvetica", fontSize=9, fillColor=SOFT))
    return drawing


# -- the document ----------------------------------------------------------------------------
def _styles() -> dict[str, ParagraphStyle]:
    base = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=base["BodyText"], fontName="Helvetica", fontSize=10, leading=14,
                          textColor=INK, alignment=TA_LEFT)
    return {
        "title": ParagraphStyle("title", parent=body, fontName="Helvetica-Bold", fontSize=20, leading=26,
                                spaceAfter=6),
        "h2": ParagraphStyle("h2", parent=body, fontName="Helvetica-Bold", fontSize=13, leading=18,
                             spaceBefore=14, spaceAfter=6, textColor=LINE),
        "body": body,
        "soft": ParagraphStyle("soft", parent=body, textColor=SOFT, fontSize=9, leading=12),
        "date": ParagraphStyle("date", parent=body, fontName="Helvetica-Bold", fontSize=9.5, spaceBefore=6),
        "quote": ParagraphStyle("quote", parent=body, fontName="Helvetica-Oblique", leftIndent=14,
                                rightIndent=14, spaceBefore=4),
    }


# Box-drawing characters: the closing rule of an insight block the editor inserts ("────").
_RULE = re.compile("[\u2500-\u257f]+")


def printable(text: str) -> str:
    """`text` as the report's Helvetica can draw it: the built-in PDF fonts only have the WinAnsi
    (cp1252) characters, and anything else (an insight block's rule, an emoji) prints as a black
    square. Rule-only lines go; other such characters are left out."""
    lines = []
    for line in text.split("\n"):
        if _RULE.search(line) and not _RULE.sub("", line).strip(" \t-\u2014"):
            continue  # a line that is only a rule
        kept = "".join(ch for ch in _RULE.sub("", line) if ch.encode("cp1252", "ignore"))
        lines.append(" ".join(kept.split()) if kept.strip() else "")
    return "\n".join(lines).strip()


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(printable(text)).replace("\n", "<br/>"), style)


def build_therapist_report(user_name: str, start: date, end: date, entries: Iterable, *,
                           compress: bool = True) -> bytes:
    """The report as PDF bytes. `entries`: ReportEntry, dicts or (date, content, summary, mood)
    tuples; those outside start..end are left out. Works for no entries and for long ranges."""
    rows = sorted((e for e in map(_entry, entries) if start <= e.date <= end), key=lambda e: e.date)
    s = _styles()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer, pagesize=A4, leftMargin=20 * mm, rightMargin=20 * mm, topMargin=18 * mm, bottomMargin=18 * mm,
        title=f"Journal report for {user_name}", author="Reverie", subject=f"{start.isoformat()} to {end.isoformat()}",
        pageCompression=1 if compress else 0,
    )
    story: list = [
        _p("Journal Report", s["title"]),
        _p(f"Writer: {user_name}", s["body"]),
        _p(f"Period: {long_date(start)} to {long_date(end)} ({(end - start).days + 1} days)", s["body"]),
        _p(f"Entries in this period: {len(rows)}", s["body"]),
        Spacer(1, 4),
        _p(DISCLAIMER, s["soft"]),
        _p("Moods, themes and summaries are derived automatically from the text of the entries and may "
           "miss nuance; the quoted sentences are the writer's own words.", s["soft"]),
    ]
    if not rows:
        story += [Spacer(1, 10), _p("There were no journal entries in this period.", s["body"])]
        doc.build(story, onFirstPage=_footer(user_name), onLaterPages=_footer(user_name))
        return buffer.getvalue()

    entry_moods = [_mood_of(e) for e in rows]
    moods = [(e.date, m) for e, m in zip(rows, entry_moods, strict=True) if m]
    counts = Counter(m for _, m in moods)
    story += [_p("Mood over the period", s["h2"]), mood_chart(start, end, moods)]
    if counts:
        story.append(_p("Moods recorded: " + ", ".join(f"{m} {n}" for m, n in counts.most_common()) + ".",
                        s["soft"]))

    themes = _themes(rows)
    story.append(_p("Recurring themes", s["h2"]))
    if themes:
        table = Table([["Theme", "Entries"]] + [[name, str(n)] for name, n in themes], colWidths=[110 * mm, 25 * mm],
                      hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 9.5),
            ("FONT", (0, 1), (-1, -1), "Helvetica", 9.5),
            ("TEXTCOLOR", (0, 0), (-1, -1), INK),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, LINE),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#E3E7EA")),
            ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ]))
        story.append(table)
    else:
        story.append(_p("No theme recurs across the entries of this period.", s["body"]))

    quotes = _quotes(rows)
    if quotes:
        story.append(_p("In the writer's own words", s["h2"]))
        for day, sentence in quotes:
            story.append(KeepTogether([_p(long_date(day), s["date"]), _p(f"\u201c{sentence}\u201d", s["quote"])]))

    story.append(_p("Entries", s["h2"]))
    for entry, mood in zip(rows, entry_moods, strict=True):
        heading = long_date(entry.date) + (f" \u2014 {mood}" if mood else "")
        story.append(KeepTogether([_p(heading, s["date"]), _p(_summary(entry), s["body"])]))
    doc.build(story, onFirstPage=_footer(user_name), onLaterPages=_footer(user_name))
    return buffer.getvalue()


def _footer(user_name: str):
    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 7.5)
        canvas.setFillColor(SOFT)
        canvas.drawString(20 * mm, 10 * mm, f"Reverie journal report \u2014 {user_name} \u2014 {DISCLAIMER}")
        canvas.drawRightString(A4[0] - 20 * mm, 10 * mm, f"Page {doc.page}")
        canvas.restoreState()

    return draw
