"""Benchmarks: accuracy on labelled real photos and latency of the frame-to-TableView step.

They print their figures; nothing here is run by ``make test``.
"""
