"""``{% deal_link_preview code %}``: a deal's Open Graph and Twitter card tags in <head>.

A tag rather than view context so that every page that draws a deal (the deal-code page,
a game of that deal) carries the same tags whichever view rendered it.
"""

from django import template

from games.views.heart_to_heart.sharing import link_preview

register = template.Library()


@register.inclusion_tag("games/heart_to_heart/_link_preview.html", takes_context=True)
def deal_link_preview(context, code: str) -> dict:
    return {"preview": link_preview(context["request"], code)}
