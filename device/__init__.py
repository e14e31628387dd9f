"""The appliance: the composition root and the only package that touches hardware, threads and time.

Wires camera sources -> ``vision`` -> ``engine`` referee -> screens on the OLED, and writes game
records. Hardware libraries (picamera2, gpiozero pin backends, luma.oled) are imported lazily,
inside the branch that picks them.
"""

__version__ = "0.1.0"
