"""Rendering helpers shared by every ruleset: forum text (BBCode, Markdown), SVG building blocks, PNG."""
