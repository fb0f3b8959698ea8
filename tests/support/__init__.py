"""Test support code shared by the test folders (stand-in servers and the like); no tests here."""
