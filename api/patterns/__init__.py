"""Patterns & Insights: the patterns the pipeline found, their refresh, Go Deep and Explore Further."""
