"""``python -m aimdmodel`` runs the command line."""

from .cli import console

console()
