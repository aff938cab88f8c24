"""The words of the calendar: the months (and their short forms), the days of the week and the seasons.

Why: a month, a day or a season said where a business, a place or a period might stand ("for the spring push", "a
December peak", "in May") names when, not who or where. The readers that tell a time apart (business, places, whenask,
perperiod, ownquestion) each spelled the twelve months out again, and the copies had drifted (one knew "sep", one had
no "jun"); they build their patterns from these lists instead, lower case, in calendar order.
"""
from __future__ import annotations

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
MONTH_SHORT = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
SEASONS = ("spring", "summer", "fall", "autumn", "winter")
