"""Chemin de Fer at the terminal."""
