"""Card art, drawn from geometry: pure Python (Pillow for pictures), no Django.

* ``card_faces``  the 52 faces as shapes: ``manage.py card_faces`` writes the SVG files
  and their stylesheet from it, and the link-preview picture draws the same shapes
* ``deal_image``  a Heart to Heart deal's link-preview picture (a PNG)

Views hand these modules plain data (a deal's board, the words to print) and serve
what they draw; nothing here knows of a request, a model or a template.
"""
