from django.urls import path

from . import joining
from . import pages as keeping

app_name = "keeping"

urlpatterns = [
    path("", keeping.home, name="home"),
    path("passkeys/options/", keeping.passkey_options, name="passkey_options"),
    path("passkeys/", keeping.create_passkey, name="create_passkey"),
    path("passkeys/remove/", keeping.remove_passkey, name="remove_passkey"),
    path("sign-in/options/", keeping.sign_in_options, name="sign_in_options"),
    path("sign-in/", keeping.sign_in, name="sign_in"),
    path("link/", keeping.link_device, name="link"),
    path("code/", keeping.enter_code, name="code"),
    path("join/", joining.join, name="join"),
    # The address a link code's QR code holds: the code box, filled in (a GET saves nothing).
    path("code/<str:code>/", keeping.code_link, name="code_link"),
    path("sign-out/", keeping.sign_out, name="sign_out"),
    path("forget/", keeping.forget, name="forget"),
]
