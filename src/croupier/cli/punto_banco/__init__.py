"""Punto Banco at the terminal."""
