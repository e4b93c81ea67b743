"""Hearts pages: views (pages), the table presenter, their words (text) and refusal table."""
