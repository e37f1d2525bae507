"""finis presentation: pygame scenes over the pure game/ model.

Importing this package does not import pygame, so the headless verbs stay light.
"""
