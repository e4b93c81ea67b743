"""A move's two queries, written once per game model rather than built by the ORM on
every move: the game read by its id and owner (with its player, and Heart to Heart's
"replaced by" look-up, when the answer needs them), and the game written back in one
UPDATE that holds only while the version is still the one read.

The ORM built, compiled and converted these on every move: about a third of a move's
server time beyond the write floor's (docs/performance.md#load). Here the SQL text and
each column's converters are worked out once per database vendor, with Django's own
field conversions (``get_db_prep_save`` going in, the backends' and fields' converters
coming out), so a row comes back exactly as the ORM would have made it.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from functools import cache

from django.db import connections, router
from django.db.models import Model
from django.utils import timezone


class GameRows:
    """The hot queries of one game model. ``player``: the owner's row comes along (a
    join); ``newest``: also the id of the owner's newest game if newer than this one,
    as ``newest_game_id`` (the annotation Heart to Heart's services read)."""

    def __init__(self, model: type[Model], *, player: bool = False, newest: bool = False):
        self.model = model
        self.player = player
        self.newest = newest

    # --- read ---------------------------------------------------------------------------

    def get(self, *, game_id: uuid.UUID, player_id: int) -> Model | None:
        """The player's game as saved, or None (no such game, or not this player's)."""
        alias = router.db_for_read(self.model)
        connection = connections[alias]
        sql, columns = self._select(connection.vendor, alias)
        pk = self.model._meta.pk
        with connection.cursor() as cursor:
            cursor.execute(sql, [pk.get_db_prep_value(game_id, connection), player_id])
            row = cursor.fetchone()
        if row is None:
            return None
        values = []
        for value, converters in zip(row, columns, strict=True):
            for convert, expression in converters:
                value = convert(value, expression, connection)
            values.append(value)
        fields = self.model._meta.concrete_fields
        game = self.model.from_db(alias, [f.attname for f in fields], values[: len(fields)])
        rest = values[len(fields):]
        if self.newest:
            game.newest_game_id, rest = rest[0], rest[1:]
        if self.player:
            player_model = self.model._meta.get_field("player").related_model
            player_fields = player_model._meta.concrete_fields
            game.player = player_model.from_db(alias, [f.attname for f in player_fields], rest)
        return game

    @cache  # noqa: B019 (a few instances, alive as long as the process)
    def _select(self, vendor: str, alias: str) -> tuple[str, list[list]]:
        connection = connections[alias]
        quote = connection.ops.quote_name
        meta = self.model._meta
        table = quote(meta.db_table)
        game_fields = list(meta.concrete_fields)
        selected = [(f"g.{quote(f.column)}", f.get_col("g")) for f in game_fields]
        joins = ""
        if self.newest:
            pk, player, created = (quote(meta.get_field(name).column)
                                   for name in ("id", "player", "created_at"))
            selected.append((
                f"(SELECT n.{pk} FROM {table} n WHERE n.{player} = g.{player}"
                f" AND n.{created} > g.{created} ORDER BY n.{created} DESC LIMIT 1)",
                meta.pk.get_col("n"),
            ))
        if self.player:
            player_meta = meta.get_field("player").related_model._meta
            selected += [(f"p.{quote(f.column)}", f.get_col("p"))
                         for f in player_meta.concrete_fields]
            joins = (f" INNER JOIN {quote(player_meta.db_table)} p"
                     f" ON p.{quote(player_meta.pk.column)} = g.{quote('player_id')}")
        sql = (f"SELECT {', '.join(text for text, _col in selected)} FROM {table} g{joins}"
               f" WHERE g.{quote(meta.pk.column)} = %s AND g.{quote('player_id')} = %s")
        columns = [
            [(convert, col) for convert in
             connection.ops.get_db_converters(col) + col.get_db_converters(connection)]
            for _text, col in selected
        ]
        return sql, columns

    # --- write --------------------------------------------------------------------------

    def save_if_unchanged(self, game: Model, *, seen_version: int, fields: Sequence[str]
                          ) -> bool:
        """Write ``fields`` of ``game`` in one UPDATE that holds only while the row is
        still at ``seen_version`` and still the owner's it was read as (a merge of
        players may have moved it since); False, nothing written, when another request
        changed it first. ``updated_at`` (auto_now) is set here, as ``save()`` would."""
        if "updated_at" in fields:
            game.updated_at = timezone.now()
        alias = router.db_for_write(self.model)
        connection = connections[alias]
        sql = self._update(connection.vendor, alias, tuple(fields))
        meta = self.model._meta
        params = [meta.get_field(name).get_db_prep_save(getattr(game, name), connection)
                  for name in fields]
        params += [meta.pk.get_db_prep_value(game.pk, connection), seen_version,
                   game.player_id]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount == 1

    @cache  # noqa: B019
    def _update(self, vendor: str, alias: str, fields: tuple[str, ...]) -> str:
        quote = connections[alias].ops.quote_name
        meta = self.model._meta
        assignments = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in fields)
        return (f"UPDATE {quote(meta.db_table)} SET {assignments}"
                f" WHERE {quote(meta.pk.column)} = %s AND {quote('version')} = %s"
                f" AND {quote('player_id')} = %s")
