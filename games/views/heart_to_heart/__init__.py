"""Heart to Heart pages: views (pages, examples), their words (text) and refusal table."""
