"""The therapist report (spec part 1 sections 2, 5, 6 and 7): a PDF of a date range e-mailed to a therapist."""
