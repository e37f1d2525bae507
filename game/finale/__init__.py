"""Finale (2 coaches, a football match with player and tactics cards): for now its card data
(data.py); the rules engine and the computer coaches come next."""
