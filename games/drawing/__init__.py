"""Card art, drawn from geometry: pure Python (Pillow for pictures), no Django.

* ``card_faces``  the 52 faces as shapes, in four decks (standard, large print, four
  colours, both): ``manage.py card_faces`` writes each deck's SVG files and stylesheet
  from it, and the link-preview picture draws the standard deck's shapes
* ``deal_image``  a Heart to Heart deal's link-preview picture (a PNG)

Views hand these modules plain data (a deal's board, the words to print) and serve
what they draw; nothing here knows of a request, a model or a template.
"""
