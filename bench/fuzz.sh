#!/usr/bin/env bash
# The fuzz targets under tests/fuzz/ with the hypothesis profile "fuzz" (10,000 inputs a target) instead of CI's
# "fuzz-ci" (a few dozen): every forum-text parser, dice notation, the JSONL line parser and the importer.
# Usage: bash bench/fuzz.sh [pytest arguments, e.g. -k importer]
set -euo pipefail
cd "$(dirname "$0")/.."
BATTLELOG_FUZZ=1 exec "${PYTHON:-.venv/bin/python}" -m pytest tests/fuzz -q -p no:cacheprovider \
  --hypothesis-show-statistics "$@"
