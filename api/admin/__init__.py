"""The admin panel's API: one router, every route for admins only (checked on the server)."""
