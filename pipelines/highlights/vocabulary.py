"""The words and patterns highlight extraction reads: where an intention starts in a clause (the
trigger patterns), and the words that decide its type, timeframe and priority."""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    """A word list written as one string."""
    return frozenset(text.split())


# --------------------------------------------------------------------------------------------------
# Trigger patterns: where an intention starts in a clause
# --------------------------------------------------------------------------------------------------

_SUBJ = r"\b(?:i|we)\b"
_ADV_WORDS = (
    r"really|still|just|definitely|seriously|absolutely|also|probably|actually|finally|honestly|"
    r"desperately|totally|truly|badly|urgently|certainly|genuinely|literally|both|all|kinda|kind\s+of|"
    r"sort\s+of|maybe|now|then|so|reall?y+"
)
_ADV = rf"(?:\s+(?:{_ADV_WORDS})){{0,3}}"
# Modal forms after "I"/"we". Each group name says how the intention leans: `goal` leans goal;
# `neutral` leaves the decision to the content (a habit or skill is a goal, an errand a task).
_MODALS_GOAL = (
    r"want\s+to|wanna|(?:'d|would)\s+(?:really\s+|so\s+)?(?:like|love)\s+to|(?:'m|am|'re|are)\s+hoping\s+to|hope\s+to"
    r"|aim\s+to|(?:'m|am|'re|are)\s+aiming\s+to|(?:'m|am)\s+(?:determined|committed)\s+to|dream\s+of"
)
# "got to" is arrived or came to know before a place, a name or "know" ("got to Polokwane at 12:30", round 10).
_GOT_TO = r"got\s+to(?!\s+(?:(?-i:[A-Z])|the\b|a\b|an\b|my\b|our\b|his\b|her\b|their\b|work\b|school\b|bed\b|sleep\b|know\b))"
_MODALS_NEUTRAL = (
    r"(?:'ll|will|shall)(?:\s+(?:just|simply|probably|still|also))?\s+(?:need|have)\s+to|need\s+to|(?:'ve|have)\s+" + _GOT_TO + r"|(?:'ve\s+)?gotta|have\s+to|" + _GOT_TO + r"|'ve\s+to"
    r"|must(?!n't)|should(?!n't)|ought\s+to|(?:'m|am|'re|are)\s+(?:going\s+to|gonna)|gonna"
    r"|(?:'m|am|'re|are)\s+planning\s+to|plan\s+to|intend\s+to|(?:'m|am|'re|are)\s+supposed\s+to"
    r"|(?:'m|am|'re|are)\s+off\s+to|mean\s+to|(?:'d|had)\s+better"
    r"|(?:'ve|have)\s+decided\s+to|(?:'m|am|'re|are)\s+trying\s+to|(?:'ll|will|shall)(?!\s+(?:not|never)\b)"
)
# At the start of a clause the subject is often dropped in a journal: "Need to call mum."
_LEAD = (
    r"(?:(?:also|still|and|oh|so|plus|really|seriously|definitely|tomorrow|today|tonight|then|ok|okay|anyway|"
    r"next|first|ps|p\.s\.|btw|note|reminder|must|maybe|and\s+then|oh\s+and|this\s+week|this\s+weekend)[,:]?\s+){0,3}"
)
_BARE_MODALS = (
    r"better(?=\s+(?:ring|call|phone|text|email|get|go|book|pay|check|ask|tell|sort|start|finish|send|write|"
    r"order|buy|pick|make|do|take|clean|tidy|fix|renew|cancel|return|post)\b)|need\s+to|have\s+to|(?:'ve\s+)?" + _GOT_TO + r"|gotta|must(?!n't)|should(?!n't)|going\s+to|gonna|planning\s+to"
    r"|want\s+to|wanna|hoping\s+to|hope\s+to|trying\s+to|plan\s+to"
)
_MODAL_RE = re.compile(
    rf"(?P<subj>{_SUBJ}{_ADV})(?:\s+|(?='))(?:(?P<goal>{_MODALS_GOAL})|(?P<neutral>{_MODALS_NEUTRAL}))\s+"
    rf"|^{_LEAD}(?:(?P<bare_goal>want\s+to|wanna|hoping\s+to|hope\s+to)|(?P<bare>{_BARE_MODALS}))\s+",
    re.IGNORECASE,
)
# Reminders to oneself; the subject is the writer by construction. A promise reported is one too:
# "I promised Jo I'd look at her CV", "told Sam I'd call him back".
_REMINDER_RE = re.compile(
    r"\b(?:i\s+)?(?:promised|told|said\s+to)\s+(?:[A-Za-z']+\s+){0,2}?(?:(?:that\s+)?i'd|i\s+would|i'll|i\s+will)\s+"
    r"(?!(?:never|not|think|see|let|try|be|have\s+a\s+think)\b)"
    # "Agreed to split the cost of the trip", "I offered to drive Mum": the writer's word given
    r"|(?:^|\bi\s+)(?:(?:have|'ve)\s+)?(?:agreed|promised|offered|volunteered)\s+to\s+|\b(?:don't|do\s+not|never|mustn't|must\s+not)\s+forget\s+(?:to\s+)?|\bremind\s+me\s+to\s+|\bnote\s+to\s+self\s*[:,-]?\s*"
    rf"|\breminder(?:\s+to\s+self)?\s*:\s*|^(?:{_LEAD})(?:please\s+)?(?:must\s+|need\s+to\s+)?remember\s+to\s+"
    rf"|\b(?:i|we){_ADV}(?:\s+(?:must|need\s+to|have\s+to|should))?\s+remember\s+to\s+",
    re.IGNORECASE,
)
_GOAL_RE = re.compile(
    r"\b(?:(?:one\s+of\s+)?(?:my|our)\s+(?:(?:main|big|biggest|new|real|personal|only|first|top|long[- ]term|"
    r"new\s+year'?s|fitness|career|reading|health|financial)\s+){0,2}"
    r"(?:goals?|aims?|resolutions?|ambitions?|dreams?|targets?|intentions?|mission|plan)"
    r"|^(?:(?:the|new|this\s+\w+'?s?)\s+)?(?:goals?|resolutions?|aims?))"
    r"(?P<span>(?:\s+(?!is\b|are\b|was\b|were\b)[\w']+){0,5}?)\s*(?:is|are|will\s+be|'s|:|-)\s+"
    r"(?:to\s+|that\s+(?:i|we)\s+(?:will\s+|'ll\s+)?)?",
    re.IGNORECASE,
)

# Gerund -> imperative for the verbs that name an ongoing piece of work. "strong" verbs name a
# project on their own ("renovating the attic"); the others need a project noun in their object
# ("making a quilt" is a project, "making dinner" is not).
_PROJECT_VERBS_STRONG = {
    "building": "build",
    "renovating": "renovate",
    "remodeling": "remodel",
    "remodelling": "remodel",
    "redecorating": "redecorate",
    "refurbishing": "refurbish",
    "restoring": "restore",
    "rebuilding": "rebuild",
    "designing": "design",
    "launching": "launch",
    "knitting": "knit",
    "sewing": "sew",
    "crocheting": "crochet",
    "composing": "compose",
    "publishing": "publish",
    "illustrating": "illustrate",
    "landscaping": "landscape",
    "producing": "produce",
    "converting": "convert",
}
_PROJECT_VERBS_WEAK = {
    "writing": "write",
    "making": "make",
    "creating": "create",
    "developing": "develop",
    "planning": "plan",
    "organizing": "organize",
    "organising": "organise",
    "starting": "start",
    "recording": "record",
    "painting": "paint",
    "coding": "code",
    "programming": "program",
    "filming": "film",
    "editing": "edit",
    "researching": "research",
    "drafting": "draft",
    "growing": "grow",
    "decorating": "decorate",
    "setting up": "set up",
    "putting together": "put together",
    "fixing up": "fix up",
    "running": "run",
    "preparing": "prepare",
    "translating": "translate",
    "compiling": "compile",
    "curating": "curate",
}
# Ongoing efforts that are goals rather than projects: "I'm learning Spanish", "training for a 10k".
_GOAL_GERUNDS = {
    "learning": "learn",
    "training for": "train for",
    "studying for": "study for",
    "saving for": "save for",
    "saving up for": "save up for",
    "practicing": "practice",
    "practising": "practise",
}
_PROJECT_NOUNS = re.compile(
    r"\b(?:treehouse|tree\s+house|shed|deck|fence|house|garden|greenhouse|raised\s+beds?|vegetable\s+patch|podcast|"
    r"blog|book|novel|memoir|cookbook|zine|comic|website|site|app|game|business|company|startup|shop|store|"
    r"channel|newsletter|album|song|ep|band|course|workshop|portfolio|quilt|scarf|sweater|jumper|blanket|mural|"
    r"sculpture|film|documentary|series|collection|campaign|fundraiser|party|wedding|trip|renovation|kitchen|"
    r"bathroom|basement|attic|garage|nursery|studio|boat|bike|car|van|furniture|table|bookshelf|bookcase|cabinet|"
    r"robot|club|group|community|program|programme|curriculum|thesis|dissertation|proposal|family\s+tree|scrapbook|"
    r"photo\s+album|library|plugin|extension|dashboard|project|exhibition|play|musical|script|screenplay|"
    r"installation|costume|dollhouse|model|chicken\s+coop|coop|pond|patio|playhouse|bench|wardrobe|closet|"
    r"business\s+plan|side\s+hustle|etsy|youtube|substack|poetry|poems?|memoirs|stories|collection)\b",
    re.IGNORECASE,
)
_GERUND_ALTS = "|".join(
    sorted(
        (
            re.escape(g).replace(r"\ ", r"\s+")
            for g in (*_PROJECT_VERBS_STRONG, *_PROJECT_VERBS_WEAK, *_GOAL_GERUNDS)
        ),
        key=len,
        reverse=True,
    )
)
_PROJECT_RE = re.compile(
    r"(?:\b(?:i|we)(?:'m|'re|\s+am|\s+are)(?:\s+(?:now|currently|still|also|slowly|finally))?"
    r"(?:\s+(?:starting|beginning)(?:\s+to)?)?"
    r"|\b(?:i|we)(?:'ve|\s+have)\s+(?:just\s+|finally\s+|recently\s+|also\s+)?(?:been|started|begun)"
    r"|\b(?:i|we)\s+(?:just\s+|finally\s+|recently\s+)?(?:started|began)"
    rf"|^{_LEAD}(?:(?:just|finally|recently)\s+)?(?:started|began|been|currently)?)"
    rf"\s*(?P<verb>working\s+on|making\s+progress\s+(?:on|with)|{_GERUND_ALTS})\s+",
    re.IGNORECASE,
)
_STARTED_NOUN_RE = re.compile(
    r"(?:\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?|^(?:just\s+|finally\s+)?)"
    r"(?:started|launched|set\s+up|founded|began)\s+(?=(?:a|an|my|our)\s)",
    re.IGNORECASE,
)
_NAMED_PROJECT_RE = re.compile(
    r"\b(?:my|our)\s+(?:new\s+|current\s+|latest\s+|big\s+|passion\s+|side\s+|weekend\s+)*project\s+(?:is|:|-)\s+"
    r"(?:to\s+)?|^(?:new\s+|current\s+)?side\s+project\s*:\s*",
    re.IGNORECASE,
)

# Subordinate starts: a trigger right after these is not a commitment ("if I want to...",
# "I wonder if I should...", "I don't think I need to...").
_SUBORDINATE_BEFORE = re.compile(
    r"(?:\b(?:if|unless|whether|than|wonder(?:ing)?(?:\s+if)?|not\s+sure(?:\s+if)?|(?:don't|do\s+not|didn't)\s+"
    r"(?:think|know|feel\s+like)(?:\s+if)?|no\s+way|pretend(?:ed)?|what\s+if|in\s+case|even\s+if|as\s+if|"
    r"whenever|why|how|who|when|said|says|told\s+(?:me|him|her|them)|thinks|believes|reckons|feels|suggested|"
    r"suggests|(?:keep|kept|been|was|am|'m)\s+thinking|hopefully|"
    # a decision reported, made with others: "We agreed I'll keep the flat" (not the writer's own plan)
    r"(?:we|they|he|she)\s+(?:(?:all|both)\s+)?(?:agreed|decided))(?:\s+that)?)\s*,?\s*$",
    re.IGNORECASE,
)

# --------------------------------------------------------------------------------------------------
# Words that decide type, timeframe and priority
# --------------------------------------------------------------------------------------------------

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = (
    r"(?:mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)"
)
_TODAY_RE = re.compile(
    r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening)|asap|a\.s\.a\.p|as\s+soon\s+as\s+possible|"
    r"immediately|right\s+away|right\s+now|before\s+bed(?:time)?|by\s+(?:the\s+)?end\s+of\s+(?:the\s+)?day|eod|"
    r"by\s+noon|later\s+today)\b",
    re.IGNORECASE,
)
# "now" counts only inside the action ("call the bank now"), not as a discourse marker.
_NOW_RE = re.compile(
    r"(?<!\bfor )(?<!\buntil )(?<!\bby )(?<!\bjust )(?<!\beven )\bnow\b(?!\s+(?:that|on)\b)", re.IGNORECASE
)
_URGENT_RE = re.compile(
    r"\b(?:urgent(?:ly)?|asap|a\.s\.a\.p|as\s+soon\s+as\s+possible|immediately|right\s+away|right\s+now|must|"
    r"overdue|deadline|critical|crucial|top\s+priority|high\s+priority|first\s+thing|can't\s+put\s+(?:it|this)\s+off|"
    r"no\s+later\s+than)\b",
    re.IGNORECASE,
)
_DEADLINE_RE = re.compile(
    r"\b(?:by|before|until|till|due)\s+(?:the\s+end\s+of\s+(?:the\s+|this\s+)?(?:day|week)\b|"
    rf"(?:this\s+|next\s+|the\s+)?(?:tomorrow|tonight|today|noon|midnight|weekend|week|{_WEEKDAY})\b|"
    r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|"
    r"\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}/\d{1,2}|eod|cob)"
    r"|\bdue\s+(?:today|tomorrow|tonight|on|this|next)\b",
    re.IGNORECASE,
)
_LOW_RE = re.compile(
    r"\b(?:maybe|perhaps|someday|some\s+day|one\s+day|eventually|sometime|at\s+some\s+point|"
    r"if\s+(?:i|we)\s+(?:have|get|find)\s+(?:the\s+|some\s+)?time|if\s+there'?s\s+time|"
    r"when\s+(?:i|we)\s+(?:get|have|find)\s+(?:a\s+)?(?:chance|minute|moment|time)|no\s+rush|not\s+urgent|"
    r"would\s+be\s+nice|might|in\s+the\s+long\s+run|low\s+priority)\b",
    re.IGNORECASE,
)
_NEAR_TERM_RE = re.compile(
    rf"\b(?:tomorrow|this\s+(?:week|weekend)|next\s+week|{_WEEKDAY})\b|{_TODAY_RE.pattern}|{_DEADLINE_RE.pattern}",
    re.IGNORECASE,
)
_MONTH_RE = re.compile(
    r"\b(?:this|next|the\s+coming|within\s+a|in\s+a|for\s+a)\s+month\b|\bend\s+of\s+(?:the\s+|this\s+)?month\b|"
    r"\b(?:in|within)\s+(?:a\s+few|a\s+couple\s+of|two|three|four|[2-4])\s+weeks\b|\b30\s+days\b|\bmonthly\s+goal\b",
    re.IGNORECASE,
)
_QUARTER_RE = re.compile(
    r"\b(?:this|next|the\s+coming)\s+quarter\b|\bq[1-4]\b|\bend\s+of\s+(?:the\s+|this\s+)?quarter\b|"
    r"\b(?:in|within)\s+(?:a\s+few|a\s+couple\s+of|two|three|six|[2-6])\s+months\b|\b90\s+days\b|"
    r"\b(?:this|in\s+the|over\s+the)\s+(?:summer|spring|autumn|fall|winter)\b|"
    r"\bby\s+(?:the\s+)?(?:summer|spring|autumn|fall|winter)\b",
    re.IGNORECASE,
)
# A habit, a skill or an outcome is a goal; a one-off errand is a task.
_GOAL_CONTENT_RE = re.compile(
    r"\b(?:learn|become|get\s+better\s+at|improve|master|be\s+(?:more|less|a\s+better|kinder|nicer|healthier)|"
    r"every\s+(?:single\s+)?(?:day|morning|evening|night|week|weekend|month)|each\s+(?:day|morning|evening|week)|"
    r"daily|weekly|regularly|more\s+often|(?:once|twice|(?:two|three|four|\d)\s+times)\s+a\s+(?:day|week)|"
    r"(?:one|two|three|four|five|six|\d)\s+(?:days?|nights?|evenings?|hours?)\s+(?:a|per)\s+(?:week|month|day)|"
    r"cut\s+(?:down|back)\s+(?:to|on)|on\s+a\s+regular\s+basis|habit|healthier|fitter|lose\s+(?:\d+|some|the|weight)|"
    r"gain\s+(?:muscle|weight)|save\s+(?:up\s+)?(?:for|money|[$\u00a3\u20ac]|\d)|(?:half\s+)?marathon|\d+k\b|"
    r"get\s+fit|get\s+(?:in|into)\s+shape|quit\s+(?:smoking|drinking|vaping|sugar)|stop\s+\w+ing|start\s+\w+ing|"
    r"(?:read|exercise|sleep|walk|drink|eat|move|worry|complain|write|journal|meditate|stretch|smile|listen)\s+(?:more|less)|"
    r"(?:more|less|fewer)\s+(?:often|time|water|sleep|exercise|books?|vegetables|sugar|coffee|alcohol|screen\s+time|"
    r"outside|patient|present|organi[sz]ed|active|consistent|social|carbs|meat)|spend\s+more|"
    r"follow\s+(?:a|the|my|our)\s+(?:[\w-]+\s+){0,2}(?:plan|routine|programme|program|diet|schedule)|"
    r"write\s+a\s+(?:book|novel|memoir)|run\s+a|travel\s+to|visit\s+(?:japan|\w+\s+someday)|financially)\b",
    re.IGNORECASE,
)

# Heads that are not actions: feelings, discourse ("I have to admit"), states.
_NOT_ACTION_HEADS = _words(
    "not never no feel worry cry scream vent panic stress overthink know understand wonder admit say "
    "confess agree laugh sigh relax breathe survive cope accept realize realise trust believe hope "
    "see live wait pretend think remember mention note guess suppose imagine obsess dwell miss regret love hate"
)
# Heads that show "going to"/"have to" is followed by a place or a noun, not a verb.
_NOT_VERB_HEADS = _words(
    "the a an my your his her their our its this that these those some bed school church class town "
    "be been being"
)
_BE_GOAL = re.compile(
    r"^be\s+(?:more|less|a\s+better|better|kinder|nicer|healthier|gentler|braver|on\s+time)\b", re.IGNORECASE
)
_HAVE_PERFECT = re.compile(
    r"^have\s+(?:\w+ed|been|done|gone|known|said|told|left|got|seen|taken|given|made|had|mislaid|lost|forgotten|"
    r"thought|felt|kept|sent|put|bought|brought|meant|heard|found|won|broken|spoken|written|eaten|fallen|"
    r"driven|hidden|missed|misread|misheard|misunderstood|overslept|slept|spent|paid)\b", re.IGNORECASE
)
_VAGUE_WORDS = _words(
    "it this that things stuff something everything anything nothing myself ourselves out up down on "
    "off over together again more so much really just about with through to back it's life shit act "
    "head thoughts self a the my all some of bed what who why how where when whether from you i am "
    "want wants"
)
_PERSON_PRONOUNS = _words("him her them")
_COMMUNICATION_VERBS = _words(
    "call phone ring text email e-mail message reply write visit thank tell ask invite meet see help "
    "pay forgive hug apologize apologise congratulate contact answer"
)
_SINGLE_WORD_OK = _words(
    "exercise meditate journal stretch declutter budget vote study practice practise unpack pack "
    "vacuum hoover recycle volunteer swim cook hydrate floss apologise apologize"
)
_ACTION_VERBS = _words(
    "call phone ring text email e-mail message reply write send buy get pick order book schedule "
    "reschedule cancel renew pay file submit return fix repair clean tidy wash vacuum mop organize "
    "organise sort declutter pack unpack finish start prepare prep plan review read update check ask "
    "tell invite visit meet thank apologize apologise sign print post mail drop collect make cook "
    "bake water walk feed take bring change replace install set research look find apply register "
    "confirm follow practice practise study learn exercise run meditate stretch journal try go do "
    "laundry hoover shop grab print refill charge backup back recycle donate sell list move paint "
    "hang assemble build draft edit proofread record upload download clear empty defrost iron mow "
    "weed vote pray fetch remind"
)

_LEADING_FILLER = re.compile(
    r"^(?:(?:really|just|finally|actually|probably|definitely|seriously|also|maybe|perhaps|urgently|totally|"
    r"quickly|somehow|still|then|go\s+ahead\s+and|try\s+to|try\s+and|make\s+sure\s+(?:to|that\s+(?:i|we)|i|we)|"
    r"remember\s+to|get\s+(?:a|)round\s+to|manage\s+to|be\s+able\s+to|get\s+to|to)\s+)+",
    re.IGNORECASE,
)
_CUT = re.compile(
    r",\s*(?:i|we|he|she|they|it|it's|that's|there's|this|that)\b|\s*(?:,|\s[-\u2013\u2014])\s*(?:need|needs|want)\s+(?:it|them|this|that)\b"
    r"|,\s*(?:my|his|her|their|our|the)\s+\w+\s+(?:is|was|are|were|has|have|had|will|needs|wants|said|says|keeps)\b"
    # A comment with a subject of its own after the task: "buy before Friday, teacher wrote it twice in
    # the letter", "Draft the paper by June, Tomasz says it's publishable" (tour_ds 10).
    r"|,\s*(?:(?:the|my|his|her|their|our|your)\s+)?[\w-]+(?:\s+[\w-]+)?(?:'s)?\s+(?:says|said|wrote|writes|told|thinks|"
    r"reckons|wants|found|opens|closes|came|comes|goes|go|got|gets|has|had|is|are|was|were|isn't|aren't|wasn't|"
    r"can't|won't|can|will|does|did|doesn't|didn't)\b"
    r"|,\s*(?:because|cause|'cause|since|as|which|who|but|though|although|otherwise|so|not|starting|beginning|and\s+then\s+(?:i|we)|"
    r"apparently|obviously|supposedly|of\s+course|"
    r"i\s+think|i\s+guess|i\s+suppose|honestly|lol|haha|tbh|like|if)\b"
    r"|\s+(?:because|'cause|cuz|bc|since\s+(?:i|it|she|he|they|we|the)|so\s+(?:that|i|we|it|they|she|he)|but|though|although|"
    r"even\s+though|or\s+else|or\s+(?:i|we|it|you|she|he|they|there)|and\s+(?:it|it's|it\s+is|that's|she|he|they)|"
    r"otherwise|if\s+(?:i|we|it|there|you|she|he|they)|before\s+i\s+forget|which|whereas|"
    r"i\s+think|i\s+guess|i\s+suppose|lol|haha|tbh|or\s+something|or\s+whatever|(?:just\s+)?in\s+case|"
    r"once\s+(?:the|i|we|it|my|his|her|their|she|he|they)|as\s+soon\s+as|when\s+(?:i|we|it|the|my|she|he|they)|"
    # "call them tomorrow before they send it to the bailiffs": the reason, not the task
    r"(?:before|after|until|till)\s+(?:they|he|she|it|we|you|i)(?:'ll|'re|'s|'ve|'d)?"
    # "order the fertiliser before the price goes up": a reason with a subject of its own
    r"|(?:before|until|till)\s+(?:the|my|his|her|their|our)\s+\w+\s+(?:goes|comes|gets|runs|starts|closes|ends|"
    r"changes|rises|drops|shuts|expires)\b)\b"
    r"|,\s*even\b|,\s*[a-z]+ly\s*(?=,|$)"
    r"|\s+[-\u2013\u2014]+\s+|\s*\(|\s*:\s|\.\.\.|\u2026",
    re.IGNORECASE,
)
_TRAILING_FILLER = re.compile(
    r"(?:\s+(?:too|as\s+well|anyway|anyways|already|at\s+least|for\s+sure|i\s+guess|i\s+think|haha|lol|tbh|honestly|"
    r"though|seriously|really|finally|please|again\s+soon|ugh|somehow|,?\s*maybe|,?\s*perhaps|,?\s*probably|,?\s*hopefully|"
    r",?\s*if\s+possible|,?\s*i\s+hope|,?\s*whatever\s+happens|,?\s*no\s+matter\s+what))+$",
    re.IGNORECASE,
)
_TRAILING_JUNK = re.compile(r"[\s.,;:!?\u2026\"'`*_~()\[\]-]+$")
_DANGLING = _words("and or but to the a an of for with your in on at by from so than that as")

_PRONOUN_SWAPS = [
    (re.compile(r"\b(?:i'm|i\s+am)\b", re.IGNORECASE), "you're"),
    (re.compile(r"\bi've\b", re.IGNORECASE), "you've"),
    (re.compile(r"\bi'll\b", re.IGNORECASE), "you'll"),
    (re.compile(r"\bi'd\b", re.IGNORECASE), "you'd"),
    (re.compile(r"\bi\s+was\b", re.IGNORECASE), "you were"),
    (re.compile(r"\bwe're\b", re.IGNORECASE), "you're"),
    (re.compile(r"\bwe've\b", re.IGNORECASE), "you've"),
    (re.compile(r"\bwe'll\b", re.IGNORECASE), "you'll"),
    (re.compile(r"\bwe'd\b", re.IGNORECASE), "you'd"),
    (re.compile(r"\bwe\s+were\b", re.IGNORECASE), "you were"),
    (re.compile(r"\b(?:i|we|me)\b", re.IGNORECASE), "you"),
    (re.compile(r"\bus\b"), "you"),
    (re.compile(r"\b(?:my|our)\b", re.IGNORECASE), "your"),
    (re.compile(r"\b(?:mine|ours)\b", re.IGNORECASE), "yours"),
    (re.compile(r"\bmyself\b", re.IGNORECASE), "yourself"),
    (re.compile(r"\bourselves\b", re.IGNORECASE), "yourselves"),
]
_TRAILING_TIME = re.compile(
    r"(?:\s+(?:all\s+(?:day|week|month|year|weekend|morning|evening|night)|for\s+(?:days|weeks|months|ages|a\s+while)(?:\s+now)?|"
    r"lately|recently|these\s+days|at\s+the\s+moment|right\s+now|currently|this\s+(?:week|weekend|month|year)|"
    r"today|tonight|again|every\s+(?:day|night|evening|weekend)|in\s+the\s+evenings?|on\s+weekends))+$",
    re.IGNORECASE,
)
_LEADING_DETERMINER = re.compile(
    r"^(?:(?:a|an|the|my|our|your|this|that|some|new|little|big)\s+)+", re.IGNORECASE
)
_PREPOSITION = re.compile(
    r"\s+(?:about|for|with|in|on|of|to|at|from|by|that|which|where|who|called|named|and)\s+", re.IGNORECASE
)
_PAST_ITEM = re.compile(
    r"^(?:went|called|bought|finished|did|had|was|were|got|paid|sent|made|met|saw|took)\b", re.IGNORECASE
)
_WORD = re.compile(r"[a-z0-9$\u00a3\u20ac][\w'$\u00a3\u20ac-]*", re.IGNORECASE)

# What follows a request or a plan and takes it back: "Mum told me to ring the council, but I'm not going to."
_REFUSED = re.compile(r"^\s*[,;]?\s*(?:but|and|which)\s+(?:i'm|i\s+am)\s+not\s+(?:going\s+to|gonna)\s*(?:[.!;]|$)|"
                      r"^\s*[,;]?\s*(?:but|which)\s+i\s+(?:won't|will\s+not|shan't)\b", re.IGNORECASE)
# Someone else's assumption or wish for the writer, refused in the words that follow: "Hannah just
# assumes I'll take the week off to help. I can't, not with the launch." (no task: the writer said no).
_EXPECTED_OF_ME = re.compile(r"\b(?:assumes|expects|thinks|reckons|takes\s+it\s+for\s+granted)\s+(?:that\s+)?"
                             r"(?:i'll|i\s+will|i'm\s+going\s+to|i'd|i\s+can)\b|"
                             r"\b(?:wants|expects|wanted|expected|asked)\s+me\s+to\b", re.IGNORECASE)
_SAID_NO = re.compile(r"^\s*[,;.!]?\s*(?:but\s+)?(?:i\s+(?:can't|cannot|can\s+not|won't|will\s+not|shan't)"
                      r"(?:\s+(?:do\s+(?:it|that|this)|this\s+time|any\s*more))?\s*(?:[,.!;:\u2014-]|$)|"
                      r"no\s+way\b|not\s+happening\b)", re.IGNORECASE)


def _refused(clause: str, after: str) -> bool:
    """Whether the words after `clause` take back the request or plan it states (`_REFUSED`), or
    refuse what someone else expects of the writer (`_EXPECTED_OF_ME`, then "I can't.")."""
    return bool(_REFUSED.match(after) or (_EXPECTED_OF_ME.search(clause) and _SAID_NO.match(after)))
_TURN_OF_PHRASE = re.compile(
    r"^(?:(?:just|simply)\s+)?(?:take\s+(?:their|his|her|your|my|our|its)\s+word|get\s+used\s+to|get\s+there|wait\s+and\s+see|"
    r"take\s+(?:each|every|one)\s+day|take\s+it\s+(?:easy|one\s+day|as\s+it\s+comes|slow)|(?:learn\s+to\s+)?live\s+with\s+(?:it|that|this)|"
    r"give\s+it\s+(?:a\s+(?:go|try|whirl|shot|rest|break|miss|week|day|month)|time|up)|give\s+up\b|"
    r"give\s+(?:him|her|them|me|us)\s+(?:a\s+break|the\s+benefit)|talk\s+(?:sense|rubbish|nonsense)|"
    r"use\s+(?:my|your|our)\s+head|save\s+(?:face|my\s+breath)|raise\s+(?:my|an)\s+eyebrow|cross\s+that\s+bridge|get\s+(?:my|your|our)\s+head\s+(?:a)?round|"
    r"keep\s+reminding|make\s+do|get\s+a\s+grip|keep\s+going|carry\s+on|see\s+how\s+it\s+goes|play\s+it\s+by\s+ear|"
    r"bite\s+the\s+bullet|face\s+the\s+music|get\s+on\s+with\s+it|grin\s+and\s+bear|make\s+the\s+best\s+of|"
    r"let\s+it\s+go|move\s+on|pull\s+(?:myself|yourself|ourselves)\s+together|put\s+up\s+with|"
    # "I'll do that after Mass", "I want to do this more often": the thing itself was said before.
    r"do\s+(?:it|this|that|them|so)|"
    # "Thank God for a good night", "Thank you Lord": a prayer, not a thank-you to send.
    r"thank\s+(?:god|goodness|heavens|christ|jesus|lord|the\s+lord|you\s+(?:lord|god|jesus))|thank\s+you(?!\s+(?:cards?|notes?|letters?|gifts?|emails?|messages?|texts?)\b)|"
    # "Keep that photo forever": a keepsake, not a job
    r"keep\s+(?:\S+\s+){0,3}?forever)\b",
    re.IGNORECASE,
)
