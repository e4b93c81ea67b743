"""Thin views: parse input, call a service, render a template."""
