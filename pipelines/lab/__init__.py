"""The lab: training, tuning and evaluation of the analysis core (`python -m pipelines.lab`).

Nothing the app runs imports this package (an import-linter contract in pyproject.toml says so):
the product loads the artifacts the lab writes (pipelines/data/highlight_pipeline.npz,
pipelines/data/mood_model.npz) and nothing else of it.
"""
