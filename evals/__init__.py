"""Braintrust evals for the media-planning assistant: ``eval_*.py`` entrypoints (run with
``braintrust eval --no-send-logs evals/``), the project reporter (records + CI gate),
``python -m evals.compare`` and ``python -m evals.report``."""
