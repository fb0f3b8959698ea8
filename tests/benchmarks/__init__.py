"""Benchmarks: `make bench` (or `python -m tests.benchmarks [name ...]`).

Each benchmark measures the thing and a baseline in the same process and run, and prints both
with their ratio, so figures stay comparable across machines. They are not pass/fail tests.
"""
