"""Subscription: premium, promo codes, the waitlist and the free tier's weekly usage."""
