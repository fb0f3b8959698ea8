"""Product constants the analysis core and the API share (spec part 1 sections 4, 5 and 9)."""

# Progressive unlocks by entry count.
UNLOCK_TASKS = 1
UNLOCK_PROJECTS = 2
UNLOCK_GOALS = 3
UNLOCK_PROFILE = 4
UNLOCK_PURPOSE = 100
# The full profile is regenerated on every analysed entry from this many entries on.
PROFILE_REGENERATE_FROM = 10
MAX_PROJECTS_PER_TYPE = 3
# Free tier, per week (server-enforced; spec README "stricter than the documents" 1).
FREE_INSIGHTS_PER_WEEK = 5
FREE_TASK_GENERATIONS_PER_WEEK = 30
# Self Analysis needs at least this many entries, and looks at most at this many.
SELF_ANALYSIS_MIN_ENTRIES = 3
SELF_ANALYSIS_MAX_ENTRIES = 15
ASK_HELP_RECENT_ENTRIES = 5
