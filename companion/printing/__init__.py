"""Printable card sheets: imposition, card faces, backs and calibration."""
